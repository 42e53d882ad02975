/// A square whose side is `proportion` of the canvas side.
public struct SquareShape: Shape, Equatable {
    public let proportion: Double

    public init(proportion: Double) {
        self.proportion = proportion
    }

    public var kind: ShapeKind { .square }

    public var area: Double { proportion * proportion }
}
