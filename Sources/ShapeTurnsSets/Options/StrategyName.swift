import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The turn strategies offered by name (the adaptive ones only where a player answers).
public enum StrategyName: String, Sendable, Codable, CaseIterable {
    /// Both shapes of every turn from one kind; needs exactly one kind.
    case basic
    /// Each turn picks one of the kinds with equal chance; both shapes are of that kind.
    case random
    /// Each shape's kind is drawn on its own, so a circle may face a square.
    case mixed
    /// Like random, with difficulty rising from easy to the minimum ratio across the set.
    case graded
    /// Adaptive, `play` and `simulate` only: a transformed up-down staircase on the Weber fraction.
    case staircase
    /// Adaptive, `play` and `simulate` only: a Bayesian procedure (QUEST+ style).
    case quest

    /// Whether turns depend on the player's answers (so a set cannot be generated ahead).
    public var isAdaptive: Bool { self == .staircase || self == .quest }
}
