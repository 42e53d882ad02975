import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// A logistic regression on all of a turn's cues together (the audit's last row), fitted by
/// Newton's method with a small ridge penalty, so that perfectly separable turns still give
/// finite weights.
///
/// Features: one indicator per kind and per style for A and for B, log(A/B) of extent, outline
/// and box, the placement difference, and a constant (position). Kinds and extents together
/// give the areas, so this row stays high by nature; it shows what a model could learn from the
/// cues, not a defect.
package struct LogisticRegression: Sendable {
    package static let iterations = 25
    package static let ridge = 1e-3

    private let kindIndex: [String: Int]
    private let colourIndex: [String: Int]
    private let weights: [Double]

    /// The regression fitted on `turns`.
    package init(fitting turns: [ShortcutAuditor.Cues]) {
        let kinds = Array(Set(turns.flatMap { [$0.kindA, $0.kindB] })).sorted()
        let colours = Array(Set(turns.flatMap { [$0.colourA, $0.colourB] })).sorted()
        let kindIndex = Dictionary(uniqueKeysWithValues: kinds.enumerated().map { ($1, $0) })
        let colourIndex = Dictionary(uniqueKeysWithValues: colours.enumerated().map { ($1, $0) })
        self.kindIndex = kindIndex
        self.colourIndex = colourIndex
        let rows = turns.map { Self.row($0, kinds: kindIndex, colours: colourIndex) }
        let width = 2 * kinds.count + 2 * colours.count + 5
        weights = turns.isEmpty ? [] : Self.fit(rows, turns.map { $0.largerIsA ? 1.0 : 0.0 }, width: width)
    }

    /// The regression's answer for `turn`: `true` for `a`.
    package func answersA(_ turn: ShortcutAuditor.Cues) -> Bool {
        Self.dot(Self.row(turn, kinds: kindIndex, colours: colourIndex), weights) > 0
    }

    /// One indicator per kind and per style for A and for B (a kind or style the fitting turns
    /// lacked has none), the four measures and a constant.
    private static func row(
        _ turn: ShortcutAuditor.Cues, kinds kindIndex: [String: Int], colours colourIndex: [String: Int]
    )
        -> [Double]
    {
        let kinds = kindIndex.count
        let colours = colourIndex.count
        var row = [Double](repeating: 0, count: 2 * kinds + 2 * colours + 5)
        if let index = kindIndex[turn.kindA] { row[index] = 1 }
        if let index = kindIndex[turn.kindB] { row[kinds + index] = 1 }
        if let index = colourIndex[turn.colourA] { row[2 * kinds + index] = 1 }
        if let index = colourIndex[turn.colourB] { row[2 * kinds + colours + index] = 1 }
        let base = 2 * kinds + 2 * colours
        row[base] = turn.extent
        row[base + 1] = turn.perimeter ?? 0
        row[base + 2] = turn.box
        row[base + 3] = turn.placement
        row[base + 4] = 1
        return row
    }

    private static func fit(_ rows: [[Double]], _ labels: [Double], width: Int) -> [Double] {
        let sparse = rows.map { row in row.indices.filter { row[$0] != 0 }.map { ($0, row[$0]) } }
        var weights = [Double](repeating: 0, count: width)
        let penalty = ridge * Double(rows.count)
        for _ in 0..<iterations {
            var gradient = weights.map { -penalty * $0 }
            var hessian = (0..<width).map { row in
                (0..<width).map { $0 == row ? penalty : 0.0 }
            }
            for (entries, label) in zip(sparse, labels) {
                let score = entries.reduce(0) { $0 + $1.1 * weights[$1.0] }
                let chance = 1 / (1 + exp(-score))
                let weight = max(chance * (1 - chance), 1e-12)
                for (i, value) in entries {
                    gradient[i] += (label - chance) * value
                    for (j, other) in entries {
                        hessian[i][j] += weight * value * other
                    }
                }
            }
            guard let step = solve(hessian, gradient) else { break }
            weights = zip(weights, step).map { $0 + $1 }
        }
        return weights
    }

    private static func dot(_ row: [Double], _ weights: [Double]) -> Double {
        zip(row, weights).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// x with `matrix` · x = `vector`, by Gaussian elimination with partial pivoting; `nil` when singular.
    private static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix
        var b = vector
        let n = b.count
        for column in 0..<n {
            guard
                let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                abs(a[pivot][column]) > 1e-300
            else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                guard factor != 0 else { continue }
                for k in column..<n {
                    a[row][k] -= factor * a[column][k]
                }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n {
                sum -= a[row][k] * x[k]
            }
            x[row] = sum / a[row][row]
        }
        return x
    }
}
