import ShapeGame

/// Draws a circle inscribed in its bounds.
public struct CircleShapeView: ShapeView {
    public let shape: any Shape
    public let style: ShapeStyle

    public init(shape: any Shape, style: ShapeStyle) {
        self.shape = shape
        self.style = style
    }

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        .ellipse(in: bounds.insetBy(inset))
    }
}
