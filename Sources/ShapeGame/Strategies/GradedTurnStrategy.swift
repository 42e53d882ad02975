/// Difficulty rising across the set: the first turn easy, the last as hard as the minimum ratio
/// allows. Each turn picks its kind as the random strategy does (both shapes of one kind).
///
/// Schedule: with `d = (t − 1) / (N − 1)` for turn t of N (0 for a one-turn set), the target ratio
/// is `E + (m − E) · d`, falling in a straight line from the easy ratio E to the minimum ratio m,
/// and the turn's ratio is drawn from the target ± 5% (kept within m and E). E is 4, or the
/// largest ratio every kind can make if that is less. A turn's shapes depend on N.
package struct GradedTurnStrategy: TurnStrategy {
    package static let easiestRatio = 4.0
    package static let spread = 0.05

    package let samplers: [ShapePairSampler]
    package let minimumRatio: Double
    package let easyRatio: Double

    package init(factories: [any ShapeFactory], minimumRatio: Double) throws(ShapeGameError) {
        guard !factories.isEmpty else { throw .noStrategies }
        samplers = factories.map { ShapePairSampler(first: $0, second: $0) }
        for sampler in samplers {
            try sampler.validate(minimumRatio...minimumRatio)
        }
        let reachable = samplers.map(\.achievableRatios.upperBound).min() ?? minimumRatio
        self.minimumRatio = minimumRatio
        easyRatio = max(minimumRatio, min(Self.easiestRatio, reachable))
    }

    /// The ratio turn `number` of `count` aims at.
    package func targetRatio(forTurn number: Int, of count: Int) -> Double {
        let progress = count > 1 ? Double(number - 1) / Double(count - 1) : 0
        return easyRatio + (minimumRatio - easyRatio) * min(max(progress, 0), 1)
    }

    package func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        let target = targetRatio(forTurn: context.number, of: context.count)
        let band = max(minimumRatio, target * (1 - Self.spread))...min(easyRatio, target * (1 + Self.spread))
        let sampler = samplers[random.nextIndex(below: samplers.count)]
        return sampler.makePair(ratios: band, using: &random)
    }
}
