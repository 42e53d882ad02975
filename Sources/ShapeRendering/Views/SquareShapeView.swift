import ShapeGame

/// Draws a square as its bounds.
public struct SquareShapeView: ShapeView {
    public let shape: any Shape
    public let style: ShapeStyle

    public init(shape: any Shape, style: ShapeStyle) {
        self.shape = shape
        self.style = style
    }

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        .rectangle(bounds.insetBy(inset))
    }
}
