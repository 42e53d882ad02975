/// Both shapes from one factory, with the larger one placed at `a` or `b` by a fair coin.
public struct BasicTurnStrategy: TurnStrategy {
    public let sampler: ShapePairSampler

    public init(factory: any ShapeFactory, minimumRatio: Double) throws(ShapeGameError) {
        sampler = try ShapePairSampler(first: factory, second: factory, minimumRatio: minimumRatio)
    }

    public var factory: any ShapeFactory { sampler.firstFactory }

    public func makeTurn(number: Int, using random: inout RandomStream) -> Turn {
        let pair = sampler.makePair(using: &random)
        return pair.turn(number: number, largerLabel: random.nextBool() ? .a : .b)
    }
}
