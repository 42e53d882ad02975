/// A square whose side is `proportion` of the canvas side.
public struct SquareShape: ProportionedShape, Equatable {
    /// `square`.
    public static let kind = ShapeKind.square
    public let proportion: Double

    /// A square whose side is `proportion` of the canvas side.
    public init(proportion: Double) {
        self.proportion = proportion
    }

    public var area: Double { proportion * proportion }
}

extension SquareShape: OutlinedShape {
    package var perimeter: Double { 4 * proportion }
}
