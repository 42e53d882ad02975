import Foundation

extension ShortcutAudit {
    /// One rule fitted on some turns and scored on others it has not seen, with a 95%
    /// confidence interval (Wilson's) for its accuracy.
    public struct Finding: Sendable, Equatable, Codable {
        /// A stable name for the rule, such as `extent.threshold` or `all.tree4`.
        public var rule: String
        /// What the rule looks at, as tables print it.
        public var title: String
        /// The share of held-out turns the rule labels right.
        public var accuracy: Double
        /// The 95% interval's lower end.
        public var lower: Double
        /// The 95% interval's upper end.
        public var upper: Double
        /// How many held-out turns scored it.
        public var turns: Int
        /// The interval lies wholly above 50%: the rule does better than a coin.
        public var beatsChance: Bool

        package init(rule: String, title: String, right: Double, turns: Int) {
            self.rule = rule
            self.title = title
            self.turns = turns
            let n = Double(max(turns, 1))
            let share = right / n
            accuracy = share
            let z = 1.959_963_984_540_054
            let centre = (share + z * z / (2 * n)) / (1 + z * z / n)
            let half = z * (share * (1 - share) / n + z * z / (4 * n * n)).squareRoot() / (1 + z * z / n)
            lower = turns > 0 ? max(0, centre - half) : 0
            upper = turns > 0 ? min(1, centre + half) : 1
            beatsChance = turns > 0 && lower > 0.5
        }
    }
}
