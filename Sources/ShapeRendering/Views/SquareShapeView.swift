/// Draws a square as its bounds.
package typealias SquareShapeView = OutlinedShapeView<SquareOutline>

package struct SquareOutline: ShapeOutline {
    package static let inradiusRatio = 0.5

    package init() {}

    package func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        .rectangle(bounds.insetBy(inset))
    }
}
