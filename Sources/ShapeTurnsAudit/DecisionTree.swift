/// A classification tree (CART: binary splits on one feature at a time, chosen by the Gini
/// impurity) of bounded depth, fitted on numeric features. The audit encodes a category as its
/// share of `a` answers on the turns it fits on, so a split on it is a split into two sets of
/// categories.
package struct DecisionTree: Sendable {
    private indirect enum Node: Sendable {
        case leaf(answersA: Bool)
        case split(feature: Int, threshold: Double, below: Node, above: Node)
    }

    private let root: Node

    /// A tree at most `depth` splits deep fitted on `rows` (one array of features per turn) and
    /// `labels` (`true`: `a` is larger). A node stops splitting when it is pure, holds fewer than
    /// `minimumSplit` turns, or no split lowers its impurity.
    package init(fitting rows: [[Double]], labels: [Bool], depth: Int, minimumSplit: Int = 2) {
        root = Self.grow(
            Array(rows.indices), rows: rows, labels: labels, depth: depth, minimumSplit: max(2, minimumSplit))
    }

    /// The tree's answer for one turn's features: `true` for `a`.
    package func answersA(_ row: [Double]) -> Bool {
        var node = root
        while case .split(let feature, let threshold, let below, let above) = node {
            node = row[feature] <= threshold ? below : above
        }
        if case .leaf(let answersA) = node { return answersA }
        return true
    }

    private static func grow(_ members: [Int], rows: [[Double]], labels: [Bool], depth: Int, minimumSplit: Int)
        -> Node
    {
        let countA = members.filter { labels[$0] }.count
        let leaf = Node.leaf(answersA: 2 * countA >= members.count)
        guard depth > 0, members.count >= minimumSplit, countA > 0, countA < members.count,
            let best = bestSplit(members, rows: rows, labels: labels, countA: countA)
        else { return leaf }
        let below = members.filter { rows[$0][best.feature] <= best.threshold }
        let above = members.filter { rows[$0][best.feature] > best.threshold }
        return .split(
            feature: best.feature, threshold: best.threshold,
            below: grow(below, rows: rows, labels: labels, depth: depth - 1, minimumSplit: minimumSplit),
            above: grow(above, rows: rows, labels: labels, depth: depth - 1, minimumSplit: minimumSplit))
    }

    /// The split that most lowers the summed Gini impurity (n·(1 − p² − q²) of each side); the
    /// first feature and lowest cut win a tie.
    private static func bestSplit(_ members: [Int], rows: [[Double]], labels: [Bool], countA: Int)
        -> (feature: Int, threshold: Double)?
    {
        let total = Double(members.count)
        func impurity(_ a: Double, _ n: Double) -> Double { n > 0 ? n - (a * a + (n - a) * (n - a)) / n : 0 }
        var bestScore = impurity(Double(countA), total) - 1e-12
        var best: (feature: Int, threshold: Double)?
        for feature in rows[members[0]].indices {
            let sorted = members.sorted { rows[$0][feature] < rows[$1][feature] }
            var belowA = 0.0
            for position in 0..<(sorted.count - 1) {
                if labels[sorted[position]] { belowA += 1 }
                let value = rows[sorted[position]][feature]
                let next = rows[sorted[position + 1]][feature]
                guard next > value else { continue }
                let belowCount = Double(position + 1)
                let score =
                    impurity(belowA, belowCount) + impurity(Double(countA) - belowA, total - belowCount)
                if score < bestScore {
                    bestScore = score
                    best = (feature, (value + next) / 2)
                }
            }
        }
        return best
    }
}
