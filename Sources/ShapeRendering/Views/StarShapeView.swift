import ShapeGame

/// Draws a five-pointed star, point up, its points on the circle inscribed in its bounds.
public typealias StarShapeView = OutlinedShapeView<StarOutline>

public struct StarOutline: ShapeOutline {
    public init() {}

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        PolygonOutline(
            center: bounds.center, radius: bounds.width / 2, count: 10,
            startAngle: -Double.pi / 2, radiusRatios: [1, StarShape.innerRadiusRatio]
        ).path(insetBy: inset)
    }
}
