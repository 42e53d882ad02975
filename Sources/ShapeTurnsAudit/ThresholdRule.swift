/// "Above `threshold` the label is `a`" (or `b`): the best such rule on one number, fitted by
/// trying every cut between two neighbouring values, in both directions.
package struct ThresholdRule: Sendable, Equatable {
    /// The cut: values above it get `aboveIsA`'s answer.
    package let threshold: Double
    /// Whether values above the cut answer `a`.
    package let aboveIsA: Bool

    /// The rule that labels most of `values` right (`labels[i]`: `a` is larger); the first best
    /// cut wins a tie, and no values give "always `a`".
    package init(fitting values: [Double], labels: [Bool]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        let totalA = labels.filter { $0 }.count
        let totalB = labels.count - totalA
        // Cut below every value: all answer the upper side's label.
        var best = (right: max(totalA, totalB), threshold: -Double.infinity, aboveIsA: totalA >= totalB)
        var belowA = 0
        var belowB = 0
        for (position, index) in order.enumerated() {
            if labels[index] { belowA += 1 } else { belowB += 1 }
            let next = position + 1 < order.count ? values[order[position + 1]] : Double.infinity
            guard next > values[index] else { continue }
            let cut = next.isFinite ? (values[index] + next) / 2 : Double.infinity
            let upA = belowB + (totalA - belowA)
            let upB = belowA + (totalB - belowB)
            if upA > best.right { best = (upA, cut, true) }
            if upB > best.right { best = (upB, cut, false) }
        }
        threshold = best.threshold
        aboveIsA = best.aboveIsA
    }

    /// The rule's answer for `value`: `true` for `a`.
    package func answersA(_ value: Double) -> Bool {
        (value > threshold) == aboveIsA
    }
}
