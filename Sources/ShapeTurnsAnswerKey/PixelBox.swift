import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Where a shape is in its image, in whole pixels from the image's top-left corner: the
/// smallest pixel-aligned box holding every pixel the shape touches, so the pixels inside add up
/// to the shape's `area` and nothing of it lies outside (what a detection model is trained on).
public struct PixelBox: Sendable, Equatable, Codable {
    /// The left edge, in pixels from the image's left.
    public var x: Int
    /// The top edge, in pixels from the image's top.
    public var y: Int
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// A box with its top-left corner at (`x`, `y`).
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `rect` widened outwards to whole pixels, then moved by `offset`.
    package init(enclosing rect: Rect, offsetBy offset: (x: Int, y: Int) = (0, 0)) {
        let left = Int(rect.x.rounded(.down))
        let top = Int(rect.y.rounded(.down))
        self.init(
            x: left + offset.x,
            y: top + offset.y,
            width: Int(rect.maxX.rounded(.up)) - left,
            height: Int(rect.maxY.rounded(.up)) - top
        )
    }
}

extension PixelBox {
    /// Writes this box as `AnswerKeyEncoding` would encode it (keys sorted).
    package func writeJSON(to writer: inout JSONKeyWriter) {
        writer.object { writer in
            writer.member("height", height)
            writer.member("width", width)
            writer.member("x", x)
            writer.member("y", y)
        }
    }
}
