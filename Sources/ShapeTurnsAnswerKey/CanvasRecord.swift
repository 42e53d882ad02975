import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The canvas each shape of a turn is drawn on.
public struct CanvasRecord: Sendable, Equatable, Codable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// `transparent`, or the background colour as `#RRGGBB[AA]`.
    public var background: String
    /// In the pair layout, the side of each shape's square within the image (what `area` is a
    /// fraction of); absent when each shape has an image of its own.
    public var shapeSquare: Int?

    package init(side: Int, background: CanvasBackground) {
        width = side
        height = side
        self.background = background.description
    }

    /// The canvas of a game-screen image.
    package init(pair: PairCanvas, background: CanvasBackground) {
        width = pair.width
        height = pair.height
        self.background = background.description
        shapeSquare = pair.side
    }
}

extension CanvasRecord {
    /// Writes this canvas as `AnswerKeyEncoding` would encode it (keys sorted).
    package func writeJSON(to writer: inout JSONKeyWriter) {
        writer.object { writer in
            writer.member("background", background)
            writer.member("height", height)
            writer.member("shapeSquare", shapeSquare)
            writer.member("width", width)
        }
    }
}
