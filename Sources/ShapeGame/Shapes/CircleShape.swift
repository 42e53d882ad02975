/// A circle whose diameter is `proportion` of the canvas side.
public struct CircleShape: Shape, Equatable {
    public let proportion: Double

    public init(proportion: Double) {
        self.proportion = proportion
    }

    public var kind: ShapeKind { .circle }

    public var area: Double { Double.pi * proportion * proportion / 4 }
}
