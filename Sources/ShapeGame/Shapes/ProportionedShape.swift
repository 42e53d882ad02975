/// A shape fully described by its proportion, so one generic factory can make it.
public protocol ProportionedShape: Shape {
    static var kind: ShapeKind { get }

    init(proportion: Double)
}

extension ProportionedShape {
    public var kind: ShapeKind { Self.kind }
}
