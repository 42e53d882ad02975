import PixelDiff
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Where a shape is in its image, in whole pixels from the image's top-left corner: the
/// smallest pixel-aligned box holding every pixel the shape touches, so the pixels inside add up
/// to the shape's `area` and nothing of it lies outside (what a detection model is trained on).
public typealias PixelBox = PixelRegion

extension PixelRegion {
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
