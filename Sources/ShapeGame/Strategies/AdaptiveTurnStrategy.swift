/// Turns whose area ratio an adaptive procedure chooses from the answers so far (`staircase`,
/// `quest`). Each turn replays the played turns through a fresh copy of the procedure, so a turn
/// is a pure function of the seed, its number and the answers before it, like every strategy's.
///
/// Both shapes are of one kind, the kind drawn per turn as the random strategy draws it; the
/// ratio is the procedure's, kept within what every kind can make.
package struct AdaptiveTurnStrategy: TurnStrategy {
    /// The procedure before any answer.
    package let procedure: any AdaptiveProcedure
    package let samplers: [ShapePairSampler]
    /// The ratios every kind can make.
    package let reachable: ClosedRange<Double>

    package init(procedure: any AdaptiveProcedure, factories: [any ShapeFactory]) throws(ShapeGameError) {
        reachable = try Self.reachableRatios(of: factories)
        samplers = factories.map { ShapePairSampler(first: $0, second: $0) }
        self.procedure = procedure
    }

    /// `choice`'s procedure, its ratios kept within what every kind of `factories` can make.
    package init(choice: ProcedureChoice, factories: [any ShapeFactory]) throws(ShapeGameError) {
        try self.init(
            procedure: try choice.makeProcedure(within: try Self.reachableRatios(of: factories)), factories: factories)
    }

    /// The ratios every kind of `factories` can make with both shapes of its kind.
    package static func reachableRatios(of factories: [any ShapeFactory]) throws(ShapeGameError)
        -> ClosedRange<Double>
    {
        guard !factories.isEmpty else { throw .noStrategies }
        let samplers = factories.map { ShapePairSampler(first: $0, second: $0) }
        let low = max(samplers.map(\.achievableRatios.lowerBound).max() ?? 1, 1.000_001)
        let high = samplers.map(\.achievableRatios.upperBound).min() ?? 1
        guard low < high else { throw .minimumRatioUnreachable(requested: low, largest: high) }
        return low...high
    }

    /// The procedure after the turns played so far.
    package func procedure(after pastTurns: [PlayedTurn]) -> any AdaptiveProcedure {
        var replayed = procedure
        replayed.record(pastTurns)
        return replayed
    }

    package func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        let target = min(max(procedure(after: context.pastTurns).nextRatio, reachable.lowerBound), reachable.upperBound)
        let sampler = samplers[random.nextIndex(below: samplers.count)]
        return sampler.makePair(ratios: target...min(target * (1 + 1e-6), reachable.upperBound), using: &random)
    }
}
