/// Runs a game: makes each turn with an injected strategy, places the larger shape as the
/// answer balance says, and scores taps with an injected scorer (the tutorial's Dependency
/// Injection: the same controller plays any strategy and any scoring).
public struct TurnController: Sendable {
    public let strategy: any TurnStrategy
    public let seed: UInt64
    public let turnCount: Int
    public let balance: AnswerBalance
    public private(set) var scoreboard: Scoreboard

    public init(strategy: any TurnStrategy, seed: UInt64, turnCount: Int, scorer: any Scorer = ScorerChain.tutorial) {
        self.strategy = strategy
        self.seed = seed
        self.turnCount = turnCount
        balance = AnswerBalance(seed: seed)
        scoreboard = Scoreboard(scorer: scorer)
    }

    /// Turn `number` (1-based): a pure function of the seed, the strategy, the number and the
    /// turns played so far (and, for the graded strategy only, the turn count). Throws
    /// `turnNumberOutOfRange` for a number below 1.
    public func turn(number: Int) throws(ShapeGameError) -> Turn {
        guard number >= 1 else { throw .turnNumberOutOfRange(number) }
        var random = RandomStream(seed: seed, turn: number)
        let context = TurnContext(number: number, count: turnCount, pastTurns: scoreboard.playedTurns)
        let pair = strategy.makeShapes(for: context, using: &random)
        return pair.turn(number: number, largerLabel: try balance.largerLabel(forTurn: number))
    }

    /// Scores the player's tap on `turn`.
    public mutating func endTurn(_ turn: Turn, tapping choice: ShapeLabel) -> ScoredTurn {
        scoreboard.record(turn, choice: choice)
    }
}
