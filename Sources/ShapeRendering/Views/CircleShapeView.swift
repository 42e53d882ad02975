/// Draws a circle inscribed in its bounds.
package typealias CircleShapeView = OutlinedShapeView<CircleOutline>

package struct CircleOutline: ShapeOutline {
    package static let inradiusRatio = 0.5

    package init() {}

    package func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        .ellipse(in: bounds.insetBy(inset))
    }
}
