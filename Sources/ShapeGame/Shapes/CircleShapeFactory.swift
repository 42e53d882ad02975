/// Makes circles with diameters in a proportion range.
public struct CircleShapeFactory: ShapeFactory {
    public let proportions: ProportionRange

    public init(proportions: ProportionRange = .standard) {
        self.proportions = proportions
    }

    public var kind: ShapeKind { .circle }

    public func makeShape(proportion: Double) -> any Shape {
        CircleShape(proportion: proportion)
    }
}
