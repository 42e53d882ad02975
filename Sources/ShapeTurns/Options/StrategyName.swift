/// The turn strategies `generate` offers by name.
public enum StrategyName: String, Sendable, Codable, CaseIterable {
    /// Both shapes of every turn from one kind; needs exactly one kind.
    case basic
    /// Each turn picks one of the kinds with equal chance; both shapes are of that kind.
    case random
    /// Each shape's kind is drawn on its own, so a circle may face a square.
    case mixed
    /// Like random, with difficulty rising from easy to the minimum ratio across the set.
    case graded
}
