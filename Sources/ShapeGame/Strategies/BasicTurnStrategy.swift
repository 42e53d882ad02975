/// Both shapes from one factory, with an area ratio in the band.
package struct BasicTurnStrategy: TurnStrategy {
    package let sampler: ShapePairSampler
    package let ratios: AreaRatioBand

    package init(factory: any ShapeFactory, ratios: AreaRatioBand) throws(ShapeGameError) {
        sampler = ShapePairSampler(first: factory, second: factory)
        try sampler.validate(ratios.range)
        self.ratios = ratios
    }

    package var factory: any ShapeFactory { sampler.firstFactory }

    package func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        sampler.makePair(ratios: ratios.range, using: &random)
    }
}
