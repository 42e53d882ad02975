/// A regular five-pointed star (the pentagram's outline), point up, whose points lie on a circle
/// of diameter `proportion` of the canvas side.
public struct StarShape: ProportionedShape, Equatable {
    /// `star`.
    public static let kind = ShapeKind.star
    public let proportion: Double

    /// The inner corners' radius as a fraction of the points' radius: cos 72° / cos 36°, which
    /// puts every edge on a line through two points, as in a pentagram.
    package static let innerRadiusRatio = cos72 / cos36

    /// A five-pointed star whose points lie on a circle of diameter `proportion` of the canvas side.
    public init(proportion: Double) {
        self.proportion = proportion
    }

    /// Ten triangles from the centre, each with sides R and r at 36°: 5·R·r·sin 36°.
    public var area: Double {
        let outer = proportion / 2
        return 5 * outer * (outer * Self.innerRadiusRatio) * Self.sin36
    }

    // Exact values, so the model needs no maths library: cos 36° = (1 + √5)/4, cos 72° = (√5 − 1)/4.
    static let cos36 = (1 + 5.0.squareRoot()) / 4
    static let cos72 = (5.0.squareRoot() - 1) / 4
    static let sin36 = (1 - cos36 * cos36).squareRoot()
}

extension StarShape: OutlinedShape {
    /// Ten edges, each from a point (radius R) to an inner corner (radius r) 36° away:
    /// √(R² + r² − 2·R·r·cos 36°).
    package var perimeter: Double {
        let outer = proportion / 2
        let inner = outer * Self.innerRadiusRatio
        return 10 * (outer * outer + inner * inner - 2 * outer * inner * Self.cos36).squareRoot()
    }
}
