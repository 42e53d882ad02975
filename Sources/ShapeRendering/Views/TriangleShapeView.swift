/// Draws an equilateral triangle, point up, as wide as its bounds and centred in them.
package typealias TriangleShapeView = OutlinedShapeView<TriangleOutline>

package struct TriangleOutline: ShapeOutline {
    package static let inradiusRatio = 1 / (2 * 3.0.squareRoot())

    package init() {}

    package func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        let side = bounds.width
        let height = side * 3.0.squareRoot() / 2
        let base = bounds.midY + height / 2
        let inradius = side / (2 * 3.0.squareRoot())
        let outline = PolygonOutline(
            center: Point(x: bounds.midX, y: base - inradius),
            vertices: [
                Point(x: bounds.midX, y: base - height),
                Point(x: bounds.x + side, y: base),
                Point(x: bounds.x, y: base),
            ]
        )
        return outline.path(insetBy: inset)
    }
}
