/// A square whose side is `proportion` of the canvas side.
public struct SquareShape: ProportionedShape, Equatable {
    public static let kind = ShapeKind.square
    public let proportion: Double

    public init(proportion: Double) {
        self.proportion = proportion
    }

    public var area: Double { proportion * proportion }
}
