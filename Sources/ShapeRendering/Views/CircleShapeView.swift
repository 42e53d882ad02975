/// Draws a circle inscribed in its bounds.
public typealias CircleShapeView = OutlinedShapeView<CircleOutline>

public struct CircleOutline: ShapeOutline {
    public static let inradiusRatio = 0.5

    public init() {}

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        .ellipse(in: bounds.insetBy(inset))
    }
}
