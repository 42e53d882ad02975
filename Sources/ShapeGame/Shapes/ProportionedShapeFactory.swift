/// Makes shapes of one proportioned kind within a proportion range (the tutorial's
/// `SquareShapeFactory` and `CircleShapeFactory` are two of its instances).
public struct ProportionedShapeFactory<Made: ProportionedShape>: ShapeFactory {
    public let proportions: ProportionRange

    public init(proportions: ProportionRange = .standard) {
        self.proportions = proportions
    }

    public var kind: ShapeKind { Made.kind }

    public func makeShape(proportion: Double) -> any Shape {
        Made(proportion: proportion)
    }
}

public typealias SquareShapeFactory = ProportionedShapeFactory<SquareShape>
public typealias CircleShapeFactory = ProportionedShapeFactory<CircleShape>
public typealias TriangleShapeFactory = ProportionedShapeFactory<TriangleShape>
public typealias StarShapeFactory = ProportionedShapeFactory<StarShape>
public typealias HexagonShapeFactory = ProportionedShapeFactory<HexagonShape>
