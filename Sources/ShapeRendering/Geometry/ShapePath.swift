/// The outline of a shape, in the few forms Cairo is asked to draw.
public enum ShapePath: Sendable, Equatable {
    /// A rectangle.
    case rectangle(Rect)
    /// The ellipse inscribed in the rectangle (a circle when it is square).
    case ellipse(in: Rect)
    /// A closed polygon through the points in order.
    case polygon([Point])
    /// An open line through the points in order: rules and other strokes that are not outlines.
    case polyline([Point])
}
