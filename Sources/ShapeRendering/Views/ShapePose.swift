import Foundation

/// Where a shape sits on its square canvas and how far it is turned: its centre in canvas
/// pixels and an angle in radians (clockwise). Without a pose a shape is drawn centred and
/// upright, as it always was.
public struct ShapePose: Sendable, Equatable {
    /// The centre of the shape's bounds, in canvas pixels.
    public var center: Point
    /// How far the shape is turned about its centre, in radians, clockwise on screen.
    public var angle: Double
    /// The width factor applied before turning (a `DistortedShape`'s stretch; 1: none).
    public var stretch: Double
    /// The slant applied before turning: x moves by `shear` · y (a `DistortedShape`'s; 0: none).
    public var shear: Double

    /// A shape centred on `center`, stretched and slanted, then turned by `angle` radians.
    public init(center: Point, angle: Double = 0, stretch: Double = 1, shear: Double = 0) {
        self.center = center
        self.angle = angle
        self.stretch = stretch
        self.shear = shear
    }

    /// Half the width and half the height of the smallest upright box around `view`'s shape
    /// stretched by `stretch`, slanted by `shear` and turned by `angle`, for a shape of side
    /// `extent`: the mapped outline's farthest points.
    package static func halfExtents(
        of view: any ShapeView, extent: Double, angle: Double, stretch: Double = 1, shear: Double = 0
    ) -> (x: Double, y: Double) {
        let (sine, cosine) = (sin(angle), cos(angle))
        // The turn after the stretch and slant, as one matrix: rows (m00 m01), (m10 m11).
        let (m00, m01) = (cosine * stretch, cosine * shear - sine)
        let (m10, m11) = (sine * stretch, sine * shear + cosine)
        guard let corners = corners(of: view, extent: extent) else {
            let radius = extent / 2
            guard stretch != 1 || shear != 0 else { return (radius, radius) }
            return ((m00 * m00 + m01 * m01).squareRoot() * radius, (m10 * m10 + m11 * m11).squareRoot() * radius)
        }
        var half = (x: 0.0, y: 0.0)
        for point in corners {
            half.x = max(half.x, abs(m00 * point.x + m01 * point.y))
            half.y = max(half.y, abs(m10 * point.x + m11 * point.y))
        }
        return half
    }

    /// The length of `view`'s outline, for a shape of side `extent`, stretched by `stretch` and
    /// slanted by `shear` (an ellipse's by Ramanujan's second approximation).
    package static func outlineLength(of view: any ShapeView, extent: Double, stretch: Double, shear: Double) -> Double
    {
        guard let corners = corners(of: view, extent: extent) else {
            // The circle's image is an ellipse whose semi-axes are the map's singular values times the radius.
            let (p, q) = (stretch * stretch + shear * shear, 1.0)
            let (trace, determinant) = (p + q, stretch * stretch)
            let root = max(trace * trace / 4 - determinant, 0).squareRoot()
            let major = (trace / 2 + root).squareRoot() * extent / 2
            let minor = max(trace / 2 - root, 0).squareRoot() * extent / 2
            let h = (major - minor) * (major - minor) / ((major + minor) * (major + minor))
            return Double.pi * (major + minor) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot()))
        }
        let mapped = corners.map { Point(x: stretch * $0.x + shear * $0.y, y: $0.y) }
        var length = 0.0
        for (index, point) in mapped.enumerated() {
            let next = mapped[(index + 1) % mapped.count]
            length += ((next.x - point.x) * (next.x - point.x) + (next.y - point.y) * (next.y - point.y)).squareRoot()
        }
        return length
    }

    /// The corners of `view`'s outline about the origin, for a shape of side `extent`; `nil` for an ellipse.
    private static func corners(of view: any ShapeView, extent: Double) -> [Point]? {
        switch view.path(in: Rect(centeredAt: Point(x: 0, y: 0), side: extent), insetBy: 0) {
        case .ellipse:
            nil
        case .rectangle(let rect):
            [
                Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.maxX, y: rect.maxY),
                Point(x: rect.x, y: rect.maxY),
            ]
        case .polygon(let points), .polyline(let points):
            points
        }
    }

    /// Draws `view` as posed: its bounds of side `extent` centred on `center`, stretched,
    /// slanted and turned by `angle`.
    func draw(_ view: any ShapeView, extent: Double, in context: CairoContext) throws(CairoError) {
        guard angle != 0 || stretch != 1 || shear != 0 else {
            try view.draw(in: context, bounds: Rect(centeredAt: center, side: extent))
            return
        }
        try context.withSavedState { () throws(CairoError) in
            try context.translate(to: center)
            try context.rotate(by: angle)
            if stretch != 1 || shear != 0 {
                try context.transform(xx: stretch, xy: shear, yx: 0, yy: 1)
            }
            try view.draw(in: context, bounds: Rect(centeredAt: Point(x: 0, y: 0), side: extent))
        }
    }
}
