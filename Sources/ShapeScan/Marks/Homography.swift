import ShapeRendering

/// The projective map from a page's points to a scan's pixels, fitted by least squares to
/// matched points (the tags' corners and centres): it takes rotation, shift, scale, a page
/// upside down and a phone's perspective alike.
package struct Homography: Sendable, Equatable {
    /// Row-major 3 × 3, the last entry 1.
    package let matrix: [Double]

    package init(matrix: [Double]) {
        self.matrix = matrix
    }

    /// The map that takes each `from` point to its `to` point best, in the least-squares sense;
    /// `nil` for fewer than four pairs or points that do not fix a map (all on a line).
    package init?(from: [Point], to: [Point]) {
        guard from.count == to.count, from.count >= 4 else { return nil }
        // Normalise both sides to about unit size, so the normal equations are well conditioned.
        func normaliser(_ points: [Point]) -> (cx: Double, cy: Double, s: Double) {
            let cx = points.map(\.x).reduce(0, +) / Double(points.count)
            let cy = points.map(\.y).reduce(0, +) / Double(points.count)
            let spread = points.map { abs($0.x - cx) + abs($0.y - cy) }.reduce(0, +) / Double(points.count)
            return (cx, cy, spread > 0 ? 1 / spread : 1)
        }
        let a = normaliser(from)
        let b = normaliser(to)
        var normal = [Double](repeating: 0, count: 64)
        var right = [Double](repeating: 0, count: 8)
        for (p, q) in zip(from, to) {
            let x = (p.x - a.cx) * a.s
            let y = (p.y - a.cy) * a.s
            let u = (q.x - b.cx) * b.s
            let v = (q.y - b.cy) * b.s
            let rows: [([Double], Double)] = [
                ([x, y, 1, 0, 0, 0, -u * x, -u * y], u),
                ([0, 0, 0, x, y, 1, -v * x, -v * y], v),
            ]
            for (row, value) in rows {
                for i in 0..<8 {
                    right[i] += row[i] * value
                    for j in 0..<8 { normal[i * 8 + j] += row[i] * row[j] }
                }
            }
        }
        guard let h = Self.solve(normal, right) else { return nil }
        // H = B⁻¹ · Hn · A, with A and B the normalising maps.
        let hn = h + [1]
        let aMatrix = [a.s, 0, -a.s * a.cx, 0, a.s, -a.s * a.cy, 0, 0, 1]
        let bInverse = [1 / b.s, 0, b.cx, 0, 1 / b.s, b.cy, 0, 0, 1]
        let full = Self.multiply(bInverse, Self.multiply(hn, aMatrix))
        guard full[8] != 0 else { return nil }
        matrix = full.map { $0 / full[8] }
    }

    /// Where page point `point` lands in the scan.
    package func map(_ point: Point) -> Point {
        let m = matrix
        let w = m[6] * point.x + m[7] * point.y + m[8]
        return Point(x: (m[0] * point.x + m[1] * point.y + m[2]) / w, y: (m[3] * point.x + m[4] * point.y + m[5]) / w)
    }

    /// How far, in scan pixels, the map puts `page` from `scan`.
    package func distance(from page: Point, to scan: Point) -> Double {
        let mapped = map(page)
        return ((mapped.x - scan.x) * (mapped.x - scan.x) + (mapped.y - scan.y) * (mapped.y - scan.y)).squareRoot()
    }

    private static func multiply(_ l: [Double], _ r: [Double]) -> [Double] {
        (0..<9).map { index in
            let row = index / 3
            let column = index % 3
            return (0..<3).map { l[row * 3 + $0] * r[$0 * 3 + column] }.reduce(0, +)
        }
    }

    /// Solves the 8 × 8 system by Gaussian elimination with partial pivoting.
    private static func solve(_ matrix: [Double], _ vector: [Double]) -> [Double]? {
        var a = matrix
        var b = vector
        let n = 8
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0 * n + column]) < abs(a[$1 * n + column]) }),
                abs(a[pivot * n + column]) > 1e-12
            else { return nil }
            if pivot != column {
                for j in 0..<n { a.swapAt(pivot * n + j, column * n + j) }
                b.swapAt(pivot, column)
            }
            for row in (column + 1)..<n {
                let factor = a[row * n + column] / a[column * n + column]
                guard factor != 0 else { continue }
                for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            let sum = ((row + 1)..<n).map { a[row * n + $0] * x[$0] }.reduce(0, +)
            x[row] = (b[row] - sum) / a[row * n + row]
        }
        return x
    }
}
