import ShapeGame

/// How one kind of shape is outlined within its bounds: the only thing kinds draw differently.
package protocol ShapeOutline: Sendable {
    /// The distance from the centre to the nearest edge, as a fraction of the bounds' side: an
    /// outline wider than twice this would cover the middle, so line widths are checked against it.
    static var inradiusRatio: Double { get }

    init()

    /// The outline fitted to `bounds`, with every edge moved `inset` inwards.
    func path(in bounds: Rect, insetBy inset: Double) -> ShapePath
}

/// The view of one kind of shape: its outline, painted the way every `ShapeView` paints.
package struct OutlinedShapeView<Outline: ShapeOutline>: ShapeView {
    package let shape: any Shape
    package let style: ShapeStyle
    private let outline = Outline()

    package init(shape: any Shape, style: ShapeStyle) {
        self.shape = shape
        self.style = style
    }

    package func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        outline.path(in: bounds, insetBy: inset)
    }
}
