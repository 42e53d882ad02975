/// Plays a given list of area ratios, one a turn, with shapes of its own: turn `n` has the
/// ratio `ratios[n - 1]` (larger area over smaller), and its kinds and sizes come from the
/// turn's random stream. A class's versions are made this way, so every student gets the same
/// ratios, hence the same difficulty, in a different order and with different shapes.
///
/// The kinds are picked as the strategy the ratios came from picks them: one kind for both
/// shapes (`random`, `basic`, `graded`) or each shape its own kind (`mixed`). When the picked
/// kinds cannot make the ratio (a square against a circle can reach ratios two circles cannot),
/// the first pair of kinds in the list's order that can is used; the list's ratios all came from
/// these factories, so one can.
package struct RatioScheduleStrategy: TurnStrategy {
    package let factories: [any ShapeFactory]
    package let ratios: [Double]
    /// Whether each shape picks its own kind (`mixed`) rather than both sharing one.
    package let mixesKinds: Bool

    package init(factories: [any ShapeFactory], ratios: [Double], mixesKinds: Bool) throws(ShapeGameError) {
        guard !factories.isEmpty else { throw .noStrategies }
        self.factories = factories
        self.ratios = ratios
        self.mixesKinds = mixesKinds
    }

    package func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        let first = random.nextIndex(below: factories.count)
        let second = mixesKinds ? random.nextIndex(below: factories.count) : first
        guard ratios.indices.contains(context.number - 1) else {
            return ShapePair(factories[first].makeShape(using: &random), factories[second].makeShape(using: &random))
        }
        let ratio = ratios[context.number - 1]
        let picked = ShapePairSampler(first: factories[first], second: factories[second])
        if let pair = picked.makePair(ratio: ratio, using: &random) { return pair }
        for one in factories.indices {
            for other in (mixesKinds ? Array(factories.indices) : [one]) {
                let sampler = ShapePairSampler(first: factories[one], second: factories[other])
                if let pair = sampler.makePair(ratio: ratio, using: &random) { return pair }
            }
        }
        return picked.makePair(ratios: ratio...ratio, using: &random)
    }
}
