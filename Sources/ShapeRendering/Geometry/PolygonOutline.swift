import Foundation

/// A polygon whose edges all touch one circle around `center` (every regular polygon and
/// regular star is one). Moving each edge inward by `d` then gives the same polygon scaled about
/// the centre, which is how outlines are inset by half their line width.
package struct PolygonOutline: Sendable, Equatable {
    package let center: Point
    package let vertices: [Point]

    package init(center: Point, vertices: [Point]) {
        self.center = center
        self.vertices = vertices
    }

    /// `count` points on a circle of `radius` about `center`, starting at `startAngle` (radians,
    /// clockwise on screen from the +x axis), every point `radiusRatios[i % radiusRatios.count]`
    /// times the radius: `[1]` for a regular polygon, `[1, r]` for a star.
    package init(center: Point, radius: Double, count: Int, startAngle: Double, radiusRatios: [Double] = [1]) {
        let vertices = (0..<count).map { index -> Point in
            let angle = startAngle + 2 * Double.pi * Double(index) / Double(count)
            let pointRadius = radius * radiusRatios[index % radiusRatios.count]
            return Point(x: center.x + pointRadius * cos(angle), y: center.y + pointRadius * sin(angle))
        }
        self.init(center: center, vertices: vertices)
    }

    /// The distance from the centre to the nearest edge line.
    package var inradius: Double {
        zip(vertices, vertices.dropFirst() + vertices.prefix(1)).map { start, end in
            let edgeX = end.x - start.x
            let edgeY = end.y - start.y
            let cross = edgeX * (center.y - start.y) - edgeY * (center.x - start.x)
            return abs(cross) / (edgeX * edgeX + edgeY * edgeY).squareRoot()
        }.min() ?? 0
    }

    /// The outline with every edge moved `inset` towards the centre.
    package func path(insetBy inset: Double) -> ShapePath {
        guard inset != 0 else { return .polygon(vertices) }
        let scale = max(0, (inradius - inset) / inradius)
        return .polygon(
            vertices.map { vertex in
                Point(x: center.x + (vertex.x - center.x) * scale, y: center.y + (vertex.y - center.y) * scale)
            })
    }
}
