/// A shape fully described by its proportion, so one generic factory can make it.
public protocol ProportionedShape: Shape {
    /// This shape type's kind.
    static var kind: ShapeKind { get }

    /// A shape of this kind whose extent is `proportion` of the canvas side.
    init(proportion: Double)
}

extension ProportionedShape {
    /// This shape type's kind.
    public var kind: ShapeKind { Self.kind }
}
