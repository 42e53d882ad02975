/// The turn strategies `generate` offers by name.
public enum StrategyName: String, Sendable, Codable, CaseIterable {
    /// Both shapes of every turn from one kind; needs exactly one kind.
    case basic
    /// Each turn picks one of the kinds with equal chance; both shapes are of that kind.
    case random
}
