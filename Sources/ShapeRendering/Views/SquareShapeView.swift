/// Draws a square as its bounds.
public typealias SquareShapeView = OutlinedShapeView<SquareOutline>

public struct SquareOutline: ShapeOutline {
    public static let inradiusRatio = 0.5

    public init() {}

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        .rectangle(bounds.insetBy(inset))
    }
}
