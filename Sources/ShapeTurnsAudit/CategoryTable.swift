/// Each category's count of turns with `a` larger and with `b` larger, as read from the turns a
/// rule is fitted on.
package struct CategoryTable: Sendable {
    private var counts: [String: (a: Int, b: Int)] = [:]
    private let overallA: Int
    private let overallB: Int

    package init(_ categories: [String], labels: [Bool]) {
        for (category, isA) in zip(categories, labels) {
            var count = counts[category] ?? (0, 0)
            if isA { count.a += 1 } else { count.b += 1 }
            counts[category] = count
        }
        overallA = labels.filter { $0 }.count
        overallB = labels.count - overallA
    }

    /// The category's commoner label (`true`: `a`); an unseen category gets the commoner overall.
    package func answersA(_ category: String) -> Bool {
        guard let count = counts[category] else { return overallA >= overallB }
        return count.a >= count.b
    }

    /// The category's share of `a` answers, one turn of each label added (an unseen category
    /// gets one half): how a tree reads a category as a number.
    package func shareA(_ category: String) -> Double {
        let count = counts[category] ?? (0, 0)
        return Double(count.a + 1) / Double(count.a + count.b + 2)
    }
}
