import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How a shape was painted, as recorded in answer keys: colours as `#RRGGBB[AA]`, absent when
/// not drawn.
public struct StyleRecord: Sendable, Equatable, Codable {
    /// The fill colour `#RRGGBB[AA]`, absent when the shape is not filled.
    public var fill: String?
    /// The outline colour, absent when there is no outline.
    public var outline: String?
    /// The outline width in pixels, absent when there is no outline.
    public var lineWidth: Double?

    package init(_ style: ShapeStyle) {
        fill = style.showFill ? style.fillColor.hexString : nil
        outline = style.showOutline ? style.outlineColor.hexString : nil
        lineWidth = style.showOutline ? style.lineWidth : nil
    }
}

extension StyleRecord {
    /// Writes this style as `AnswerKeyEncoding` would encode it (keys sorted).
    package func writeJSON(to writer: inout JSONKeyWriter) {
        writer.object { writer in
            writer.member("fill", fill)
            writer.member("lineWidth", lineWidth)
            writer.member("outline", outline)
        }
    }
}
