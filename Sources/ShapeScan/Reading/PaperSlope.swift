import ShapeRendering

/// The paper round a box as a plane of grey: its level, and how it slopes across and down, fitted
/// to the ring of paper left of, above and below the box.
///
/// A phone's vignette and the soft edge of a shadow make the paper a few hundredths darker on one
/// side of a 16-point box than on the other. Against one level for the whole ring, the darker
/// side of an empty box's core is faint ink; against the slope the ring shows, it is paper. The
/// reader takes the plane only where it puts the paper darker than the ring's median: across a
/// shadow's hard edge the ring is a step, which a plane fits badly, and there the median stays. The
/// fit is made twice: the second time without the ring's samples darker than the first fit by the
/// faint level (a stroke running out of the box, a ring round the letter), so a mark beside the
/// box does not tilt the paper.
struct PaperSlope {
    /// The paper's grey at the box's centre.
    let level: Double
    /// How much the grey grows a point to the right, and a point down.
    let across: Double
    let down: Double
    let centre: Point

    /// The plane fitted to `values[k]`, the samples `PageReader.samples` took over `rects[k]`;
    /// `nil` when they do not fix one (too few, or all in a line).
    init?(rects: [Rect], values: [[Double]], centre: Point, pixelsPerPoint: Double, faintLevel: Double) {
        var points: [(x: Double, y: Double, grey: Double)] = []
        for (rect, greys) in zip(rects, values) {
            let places = PageReader.samplePoints(rect, pixelsPerPoint: pixelsPerPoint)
            guard places.count == greys.count else { continue }
            for (place, grey) in zip(places, greys) {
                points.append((place.x - centre.x, place.y - centre.y, grey))
            }
        }
        guard let first = Self.fit(points) else { return nil }
        let paper = points.filter { point in
            let expected = first.0 + first.1 * point.x + first.2 * point.y
            return expected > 0 && (expected - point.grey) / expected <= faintLevel
        }
        let (level, across, down) = Self.fit(paper) ?? first
        self.level = level
        self.across = across
        self.down = down
        self.centre = centre
    }

    /// The paper's grey at `point` (page points).
    func grey(at point: Point) -> Double {
        level + across * (point.x - centre.x) + down * (point.y - centre.y)
    }

    /// The least-squares plane through `points` (relative to the centre): level, slope across,
    /// slope down.
    private static func fit(_ points: [(x: Double, y: Double, grey: Double)]) -> (Double, Double, Double)? {
        guard points.count >= 12 else { return nil }
        var n = 0.0
        var sx = 0.0
        var sy = 0.0
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        var sg = 0.0
        var sxg = 0.0
        var syg = 0.0
        for point in points {
            n += 1
            sx += point.x
            sy += point.y
            sxx += point.x * point.x
            sxy += point.x * point.y
            syy += point.y * point.y
            sg += point.grey
            sxg += point.x * point.grey
            syg += point.y * point.grey
        }
        // Cramer's rule on the normal equations.
        func determinant(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let matrix = [[n, sx, sy], [sx, sxx, sxy], [sy, sxy, syy]]
        let whole = determinant(matrix)
        guard abs(whole) > 1e-9 * max(1, n * sxx * syy) else { return nil }
        let right = [sg, sxg, syg]
        func replaced(_ column: Int) -> [[Double]] {
            matrix.enumerated().map { row, values in
                values.enumerated().map { index, value in index == column ? right[row] : value }
            }
        }
        return (determinant(replaced(0)) / whole, determinant(replaced(1)) / whole, determinant(replaced(2)) / whole)
    }
}
