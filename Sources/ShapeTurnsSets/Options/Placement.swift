import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Where each shape sits on its square.
package enum Placement: String, Sendable, Codable, CaseIterable {
    /// In the middle, as the game draws it (the default).
    case centered
    /// Anywhere fully inside its square, drawn per turn and shape from the seed.
    case random
}
