/// Makes squares with sides in a proportion range.
public struct SquareShapeFactory: ShapeFactory {
    public let proportions: ProportionRange

    public init(proportions: ProportionRange = .standard) {
        self.proportions = proportions
    }

    public var kind: ShapeKind { .square }

    public func makeShape(proportion: Double) -> any Shape {
        SquareShape(proportion: proportion)
    }
}
