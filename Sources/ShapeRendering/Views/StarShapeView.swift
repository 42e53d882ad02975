import ShapeGame

/// Draws a five-pointed star, point up, its points on the circle inscribed in its bounds.
public struct StarShapeView: ShapeView {
    public let shape: any Shape
    public let style: ShapeStyle

    public init(shape: any Shape, style: ShapeStyle) {
        self.shape = shape
        self.style = style
    }

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        PolygonOutline(
            center: bounds.center, radius: bounds.width / 2, count: 10,
            startAngle: -Double.pi / 2, radiusRatios: [1, StarShape.innerRadiusRatio]
        ).path(insetBy: inset)
    }
}
