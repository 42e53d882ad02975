import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// One turn ready to be written: its answer key and its images, in label then format order.
package struct RenderedTurn: Sendable {
    package let answer: TurnAnswer
    package let images: [RenderedImage]
}

/// One image of a rendered turn and where it belongs within the set.
package struct RenderedImage: Sendable {
    package let path: String
    package let bytes: [UInt8]
}
