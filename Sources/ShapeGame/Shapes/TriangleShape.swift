/// An equilateral triangle, point up, whose side is `proportion` of the canvas side.
public struct TriangleShape: ProportionedShape, Equatable {
    /// `triangle`.
    public static let kind = ShapeKind.triangle
    public let proportion: Double

    /// An equilateral triangle, point up, whose side is `proportion` of the canvas side.
    public init(proportion: Double) {
        self.proportion = proportion
    }

    /// √3/4 × side².
    public var area: Double { 3.0.squareRoot() / 4 * proportion * proportion }
}

extension TriangleShape: OutlinedShape {
    package var perimeter: Double { 3 * proportion }
}
