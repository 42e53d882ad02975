import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How each shape is turned.
package enum Rotation: String, Sendable, Codable, CaseIterable {
    /// Upright, as the game draws it (the default).
    case none
    /// By any angle, drawn per turn and shape from the seed (circles stay as they are).
    case random
}
