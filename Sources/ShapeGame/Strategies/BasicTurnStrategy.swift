/// Both shapes from one factory, with an area ratio in the band.
public struct BasicTurnStrategy: TurnStrategy {
    public let sampler: ShapePairSampler
    public let ratios: AreaRatioBand

    public init(factory: any ShapeFactory, ratios: AreaRatioBand) throws(ShapeGameError) {
        sampler = ShapePairSampler(first: factory, second: factory)
        try sampler.validate(ratios.range)
        self.ratios = ratios
    }

    public var factory: any ShapeFactory { sampler.firstFactory }

    public func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        sampler.makePair(ratios: ratios.range, using: &random)
    }
}
