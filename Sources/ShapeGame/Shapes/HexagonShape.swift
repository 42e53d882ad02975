/// A regular hexagon, corners left and right, whose corner-to-corner width is `proportion` of the
/// canvas side.
public struct HexagonShape: ProportionedShape, Equatable {
    /// `hexagon`.
    public static let kind = ShapeKind.hexagon
    public let proportion: Double

    /// A regular hexagon whose corner-to-corner width is `proportion` of the canvas side.
    public init(proportion: Double) {
        self.proportion = proportion
    }

    /// Six equilateral triangles of side p/2: 3√3/8 × p².
    public var area: Double { 3 * 3.0.squareRoot() / 8 * proportion * proportion }
}

extension HexagonShape: OutlinedShape {
    /// Six sides as long as the corners' radius, half the width.
    package var perimeter: Double { 3 * proportion }
}
