import Foundation

/// Where a shape sits on its square canvas and how far it is turned: its centre in canvas
/// pixels and an angle in radians (clockwise). Without a pose a shape is drawn centred and
/// upright, as it always was.
public struct ShapePose: Sendable, Equatable {
    /// The centre of the shape's bounds, in canvas pixels.
    public var center: Point
    /// How far the shape is turned about its centre, in radians, clockwise on screen.
    public var angle: Double

    /// A shape centred on `center`, turned by `angle` radians.
    public init(center: Point, angle: Double = 0) {
        self.center = center
        self.angle = angle
    }

    /// Half the width and half the height of the smallest upright box around `view`'s shape
    /// turned by `angle`, for a shape of side `extent`: the turned outline's farthest points.
    package static func halfExtents(of view: any ShapeView, extent: Double, angle: Double) -> (x: Double, y: Double) {
        let bounds = Rect(centeredAt: Point(x: 0, y: 0), side: extent)
        let corners: [Point]
        switch view.path(in: bounds, insetBy: 0) {
        case .ellipse:
            return (extent / 2, extent / 2)
        case .rectangle(let rect):
            corners = [
                Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.maxX, y: rect.maxY),
                Point(x: rect.x, y: rect.maxY),
            ]
        case .polygon(let points), .polyline(let points):
            corners = points
        }
        let (sine, cosine) = (sin(angle), cos(angle))
        var half = (x: 0.0, y: 0.0)
        for point in corners {
            half.x = max(half.x, abs(point.x * cosine - point.y * sine))
            half.y = max(half.y, abs(point.x * sine + point.y * cosine))
        }
        return half
    }

    /// Draws `view` as posed: its bounds of side `extent` centred on `center`, turned by `angle`.
    func draw(_ view: any ShapeView, extent: Double, in context: CairoContext) throws(CairoError) {
        guard angle != 0 else {
            try view.draw(in: context, bounds: Rect(centeredAt: center, side: extent))
            return
        }
        try context.withSavedState { () throws(CairoError) in
            try context.translate(to: center)
            try context.rotate(by: angle)
            try view.draw(in: context, bounds: Rect(centeredAt: Point(x: 0, y: 0), side: extent))
        }
    }
}
