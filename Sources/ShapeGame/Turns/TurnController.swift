/// Hands out the turns of a set; its strategy is injected, so the same controller plays any
/// strategy (the tutorial's Dependency Injection).
public struct TurnController: Sendable {
    public let strategy: any TurnStrategy
    public let seed: UInt64

    public init(strategy: any TurnStrategy, seed: UInt64) {
        self.strategy = strategy
        self.seed = seed
    }

    /// Turn `number` (1-based) of the set; a pure function of the seed, the strategy and the number.
    public func turn(number: Int) -> Turn {
        var random = RandomStream(seed: seed, turn: number)
        return strategy.makeTurn(number: number, using: &random)
    }
}
