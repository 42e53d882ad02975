/// Each shape's kind drawn on its own, so a circle may face a square; they are compared by area.
package struct MixedTurnStrategy: TurnStrategy {
    package let factories: [any ShapeFactory]
    package let ratios: AreaRatioBand
    private let samplers: [[ShapePairSampler]]

    /// Fails when some pair of kinds cannot make a ratio in the band.
    package init(factories: [any ShapeFactory], ratios: AreaRatioBand) throws(ShapeGameError) {
        guard !factories.isEmpty else { throw .noStrategies }
        let samplers = factories.map { first in
            factories.map { second in ShapePairSampler(first: first, second: second) }
        }
        for sampler in samplers.joined() {
            try sampler.validate(ratios.range)
        }
        self.factories = factories
        self.ratios = ratios
        self.samplers = samplers
    }

    package func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        let first = random.nextIndex(below: factories.count)
        let second = random.nextIndex(below: factories.count)
        return samplers[first][second].makePair(ratios: ratios.range, using: &random)
    }
}
