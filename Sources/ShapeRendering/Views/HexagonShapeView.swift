import ShapeGame

/// Draws a regular hexagon, corners left and right, as wide as its bounds and centred in them.
public struct HexagonShapeView: ShapeView {
    public let shape: any Shape
    public let style: ShapeStyle

    public init(shape: any Shape, style: ShapeStyle) {
        self.shape = shape
        self.style = style
    }

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        PolygonOutline(center: bounds.center, radius: bounds.width / 2, count: 6, startAngle: 0).path(insetBy: inset)
    }
}
