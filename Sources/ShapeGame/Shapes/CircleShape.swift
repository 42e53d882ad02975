/// A circle whose diameter is `proportion` of the canvas side.
public struct CircleShape: ProportionedShape, Equatable {
    /// `circle`.
    public static let kind = ShapeKind.circle
    public let proportion: Double

    /// A circle whose diameter is `proportion` of the canvas side.
    public init(proportion: Double) {
        self.proportion = proportion
    }

    public var area: Double { Double.pi * proportion * proportion / 4 }
}

extension CircleShape: OutlinedShape {
    package var perimeter: Double { Double.pi * proportion }
}
