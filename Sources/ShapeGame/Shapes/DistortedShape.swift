/// A shape of one kind drawn stretched across and slanted, so that in a balanced set its extent,
/// outline and box are not fixed by its kind and area: each point (x, y) of the upright shape,
/// measured from its centre, is drawn at (stretch · x + shear · y, y).
///
/// Its `proportion` is the upright shape's (side, diameter) and its area the upright area times
/// `stretch` (the map's determinant): the pixels it covers add up to `area`.
public struct DistortedShape: Shape {
    /// The upright shape before the map.
    public let base: any Shape
    /// The width factor, in (0, 1].
    public let stretch: Double
    /// The slant: how far a point moves right per unit it lies below the centre.
    public let shear: Double
    /// The outline's length as a fraction of the canvas side, measured after the map.
    public let perimeter: Double

    /// `base` stretched by `stretch` and slanted by `shear`, whose outline measures `perimeter`.
    public init(base: any Shape, stretch: Double, shear: Double, perimeter: Double) {
        self.base = base
        self.stretch = stretch
        self.shear = shear
        self.perimeter = perimeter
    }

    public var kind: ShapeKind { base.kind }
    public var proportion: Double { base.proportion }
    public var area: Double { base.area * stretch }
}

extension DistortedShape: OutlinedShape {}
