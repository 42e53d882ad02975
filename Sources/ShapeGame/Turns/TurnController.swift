/// Runs a game: makes each turn with an injected strategy, places the larger shape as the
/// answer balance says, and scores taps with an injected scorer (the tutorial's Dependency
/// Injection: the same controller plays any strategy and any scoring).
public struct TurnController: Sendable {
    package let strategy: any TurnStrategy
    /// The seed every turn's random stream derives from.
    public let seed: UInt64
    /// The number of turns in the set (graded strategies spread their difficulty over it).
    public let turnCount: Int
    package let balance: AnswerBalance
    /// The score of the turns played so far.
    public private(set) var scoreboard: Scoreboard

    package init(strategy: any TurnStrategy, seed: UInt64, turnCount: Int, scorer: any Scorer = ScorerChain.tutorial) {
        self.strategy = strategy
        self.seed = seed
        self.turnCount = turnCount
        balance = AnswerBalance(seed: seed)
        scoreboard = Scoreboard(scorer: scorer)
    }

    /// Turn `number` (1-based): a pure function of the seed, the strategy, the number and the
    /// turns played so far (and, for the graded strategy only, the turn count).
    public func turn(number: Int) -> Turn {
        var random = RandomStream(seed: seed, turn: number)
        let context = TurnContext(number: number, count: turnCount, pastTurns: scoreboard.playedTurns)
        let pair = strategy.makeShapes(for: context, using: &random)
        return pair.turn(number: number, largerLabel: balance.largerLabel(forTurn: number))
    }

    /// Scores the player's tap on `turn`.
    public mutating func endTurn(_ turn: Turn, tapping choice: ShapeLabel) -> ScoredTurn {
        scoreboard.record(turn, choice: choice)
    }
}
