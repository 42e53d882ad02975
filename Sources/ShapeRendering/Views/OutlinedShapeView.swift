import ShapeGame

/// How one kind of shape is outlined within its bounds: the only thing kinds draw differently.
public protocol ShapeOutline: Sendable {
    /// The distance from the centre to the nearest edge, as a fraction of the bounds' side: an
    /// outline wider than twice this would cover the middle, so line widths are checked against it.
    static var inradiusRatio: Double { get }

    init()

    /// The outline fitted to `bounds`, with every edge moved `inset` inwards.
    func path(in bounds: Rect, insetBy inset: Double) -> ShapePath
}

/// The view of one kind of shape: its outline, painted the way every `ShapeView` paints.
public struct OutlinedShapeView<Outline: ShapeOutline>: ShapeView {
    public let shape: any Shape
    public let style: ShapeStyle
    private let outline = Outline()

    public init(shape: any Shape, style: ShapeStyle) {
        self.shape = shape
        self.style = style
    }

    public func path(in bounds: Rect, insetBy inset: Double) -> ShapePath {
        outline.path(in: bounds, insetBy: inset)
    }
}
