import ShapeRendering

/// How a shape was painted, as recorded in answer keys: colours as `#RRGGBB[AA]`, absent when
/// not drawn.
public struct StyleRecord: Sendable, Equatable, Codable {
    public var fill: String?
    public var outline: String?
    public var lineWidth: Double?

    package init(_ style: ShapeStyle) {
        fill = style.showFill ? style.fillColor.hexString : nil
        outline = style.showOutline ? style.outlineColor.hexString : nil
        lineWidth = style.showOutline ? style.lineWidth : nil
    }
}
