import ShapeGame

/// Draws a five-pointed star, point up, its points on the circle inscribed in its bounds.
package typealias StarShapeView = OutlinedShapeView<StarOutline>

package struct StarOutline: ShapeOutline {
    package static let inradiusRatio = unitOutline.inradius

    package init() {}

    package func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        Self.outline(in: bounds).path(insetBy: inset)
    }

    private static let unitOutline = outline(in: Rect(x: 0, y: 0, width: 1, height: 1))

    private static func outline(in bounds: Rect) -> PolygonOutline {
        PolygonOutline(
            center: bounds.center, radius: bounds.width / 2, count: 10,
            startAngle: -Double.pi / 2, radiusRatios: [1, StarShape.innerRadiusRatio]
        )
    }
}
