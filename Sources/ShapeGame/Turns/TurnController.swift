/// Runs a game: makes each turn with an injected strategy, places the larger shape as the
/// answer balance says, and scores taps with an injected scorer (the tutorial's Dependency
/// Injection: the same controller plays any strategy and any scoring).
package struct TurnController: Sendable {
    package let strategy: any TurnStrategy
    /// The seed every turn's random stream derives from.
    package let seed: UInt64
    /// The number of turns in the set (graded strategies spread their difficulty over it).
    package let turnCount: Int
    package let balance: AnswerBalance
    /// The score of the turns played so far.
    package private(set) var scoreboard: Scoreboard

    package init(strategy: any TurnStrategy, seed: UInt64, turnCount: Int, scorer: any Scorer = ScorerChain.tutorial) {
        self.strategy = strategy
        self.seed = seed
        self.turnCount = turnCount
        balance = AnswerBalance(seed: seed)
        scoreboard = Scoreboard(scorer: scorer)
    }

    /// Turn `number` (1-based): a pure function of the seed, the strategy, the number and the
    /// turns played so far (and, for the graded strategy only, the turn count). Throws
    /// `turnNumberOutOfRange` for a number below 1.
    package func turn(number: Int) throws(ShapeGameError) -> Turn {
        guard number >= 1 else { throw .turnNumberOutOfRange(number) }
        var random = RandomStream(seed: seed, turn: number)
        let context = TurnContext(number: number, count: turnCount, pastTurns: scoreboard.playedTurns)
        let pair = strategy.makeShapes(for: context, using: &random)
        guard let label = strategy.largerLabel(forTurn: number) else {
            return pair.turn(number: number, largerLabel: try balance.largerLabel(forTurn: number))
        }
        return pair.turn(number: number, largerLabel: label)
    }

    /// Turns 1 to `turnCount`, in order: every turn of the set (none when `turnCount` is below 1).
    package func allTurns() -> [Turn] {
        guard turnCount >= 1 else { return [] }
        // Numbers from 1 up never throw.
        return (1...turnCount).compactMap { number in try? turn(number: number) }
    }

    /// Scores the player's tap on `turn`.
    package mutating func endTurn(_ turn: Turn, tapping choice: ShapeLabel) -> ScoredTurn {
        scoreboard.record(turn, choice: choice)
    }
}
