import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How a turn's shapes are laid out in image files.
package enum ImageLayout: String, Sendable, Codable, CaseIterable {
    /// One image per shape, each on its own square canvas (`NNNNNN-a.png`, `NNNNNN-b.png`).
    case separate
    /// One image per turn, the game screen: shape A in a square on the left, B on the right.
    case pair
}
