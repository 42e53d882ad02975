/// Draws a regular hexagon, corners left and right, as wide as its bounds and centred in them.
package typealias HexagonShapeView = OutlinedShapeView<HexagonOutline>

package struct HexagonOutline: ShapeOutline {
    package static let inradiusRatio = 3.0.squareRoot() / 4

    package init() {}

    package func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        PolygonOutline(center: bounds.center, radius: bounds.width / 2, count: 6, startAngle: 0).path(insetBy: inset)
    }
}
