/// Turns in which no listed cue but area predicts the larger shape (`--balance`).
///
/// Turns come in pairs, 2j − 1 and 2j, that share the pair's draws from
/// `RandomStream(seed: seed ^ pairSalt, turn: j)`: a pair of kinds (A's, B's) and which label is
/// larger in the first turn; the second turn has the other label larger. So over a set, every
/// ordered pair of kinds, and every kind, is the larger shape exactly as often as the smaller,
/// and so is each label.
///
/// Each measured cue (extent, perimeter, box) grows with the square of a shape's extent, so for
/// a kind it is its area over a fixed factor f (area per unit of the measure). With the larger
/// kind L, the smaller S and area ratio r, the larger shape has the larger measure exactly when
/// r > f_L / f_S. In a pair, one turn has the kind with the larger factor as its larger shape:
/// its ratio is held below f_L / f_S (divided by `margin`, so pixel rounding of boxes cannot
/// undo it) and the measure points to the wrong shape; in the other turn it points to the right
/// one whatever the ratio. Each measured cue is therefore congruent in exactly half the turns.
/// Kinds whose factors tie (the same kind twice) cannot make an incongruent turn, and are not
/// paired while a measured cue is balanced.
///
/// Both turns of a pair draw their ratio from the same range (where both turns' limits hold), so
/// the ratio does not tell a congruent turn from an incongruent one; the smaller area is then
/// uniform among those that leave room for the larger, and each shape is made from its area.
///
/// That balances each cue's sign, not its distribution. Given a `measure` (as `generate` gives),
/// a balance of measured cues is in distribution instead: every shape is stretched and slanted
/// (`DistortedShape`) and a `BalancedPlan` chooses the turns, so that each cue's log-ratio is
/// spread alike for either label, per ordered kind pair. Every ordered pair of kinds is then
/// kept (the same kind twice too), with ratios from the band's minimum up to what the kinds'
/// stretch and slant can offset (`reach(of:)`).
package struct BalancedTurnStrategy: TurnStrategy {
    package static let pairSalt: UInt64 = 0x4241_4C41_4E43_4544
    /// How far a measure stays from a tie, as a ratio.
    package static let margin = 1.03

    /// An ordered pair of kinds (indices into `factories`: A's, B's) and the ratios both of its
    /// turns may take.
    package struct KindPair: Sendable {
        package let a: Int
        package let b: Int
        package let ratios: ClosedRange<Double>
    }

    package let factories: [any ShapeFactory]
    package let cues: [BalancedCue]
    package let seed: UInt64
    package let distribution: RatioDistribution
    /// Every ordered pair of kinds that can make both of its turns, in factory order.
    package let pairs: [KindPair]
    /// The planned shapes, when the measured cues are balanced in distribution.
    package let plan: BalancedPlan?

    /// Fails when no pair of kinds can make a balanced pair of turns in `ratios`.
    ///
    /// - Parameters:
    ///   - boxArea: a shape's box area (in canvas units), as the answer key will record it; by
    ///     default the square of its extent, the box of a centred, upright shape.
    ///   - boxMargin: how far box areas stay from a tie, as a ratio: enough to outlast the key's
    ///     rounding of boxes out to whole pixels (`margin` at least).
    package init(
        factories: [any ShapeFactory], ratios: AreaRatioBand, distribution: RatioDistribution = .uniform,
        cues: [BalancedCue], seed: UInt64, boxArea: (any Shape) -> Double = { $0.proportion * $0.proportion },
        boxMargin: Double = margin, measure: ShapeMeasurer? = nil
    ) throws(ShapeGameError) {
        guard !factories.isEmpty else { throw .noStrategies }
        let measured = cues.filter(\.isMeasure)
        if let measure, !measured.isEmpty {
            let pairs = try Self.distributedPairs(factories: factories, band: ratios, measure: measure)
            self.factories = factories
            self.cues = cues
            self.seed = seed
            self.distribution = distribution
            self.pairs = pairs
            plan = BalancedPlan(
                factories: factories, kindPairs: pairs, distribution: distribution, seed: seed, measure: measure,
                pairOfTurns: { [pairs, seed] number in
                    let drawn = Self.pair(ofTurn: number, count: pairs.count, seed: seed)
                    return (drawn.index, drawn.firstLarger)
                })
            return
        }
        let margins = measured.map { $0 == .box ? max(Self.margin, boxMargin) : Self.margin }
        let factors: [[Double]] = factories.map { factory in
            let shape = factory.makeShape(proportion: factory.proportions.maximum)
            return measured.map { cue in
                let measure: Double
                switch cue {
                case .perimeter:
                    let outline = (shape as? any OutlinedShape)?.perimeter ?? 0
                    measure = outline * outline
                case .box: measure = boxArea(shape)
                default: measure = shape.proportion * shape.proportion
                }
                return measure > 0 ? shape.area / measure : 0
            }
        }
        var pairs: [KindPair] = []
        for a in factories.indices {
            for b in factories.indices {
                let ranges = [
                    Self.ratios(
                        larger: factories[a], factors[a], smaller: factories[b], factors[b], margins: margins,
                        band: ratios.range),
                    Self.ratios(
                        larger: factories[b], factors[b], smaller: factories[a], factors[a], margins: margins,
                        band: ratios.range),
                ]
                guard let first = ranges[0], let second = ranges[1] else { continue }
                let lowest = max(first.lowerBound, second.lowerBound)
                let highest = min(first.upperBound, second.upperBound)
                guard lowest < highest else { continue }
                let nudged = lowest * (1 + 1e-9)
                pairs.append(KindPair(a: a, b: b, ratios: nudged...max(nudged, highest * (1 - 1e-9))))
            }
        }
        guard !pairs.isEmpty else {
            throw ShapeGameError(.balanceUnreachable(cues: measured, band: ratios.range))
        }
        self.factories = factories
        self.cues = cues
        self.seed = seed
        self.distribution = distribution
        self.pairs = pairs
        plan = nil
    }

    /// Every ordered pair of kinds, with ratios from the band's minimum to the largest the two
    /// kinds can balance in distribution; throws when the band asks for more than a pair reaches.
    private static func distributedPairs(
        factories: [any ShapeFactory], band: AreaRatioBand, measure: ShapeMeasurer
    ) throws(ShapeGameError) -> [KindPair] {
        let spreads = factories.map { spread(of: $0, measure: measure) }
        var pairs: [KindPair] = []
        for a in factories.indices {
            for b in factories.indices {
                let reach = reach(spreads[a], spreads[b])
                let areas = factories[a].areaRange.upperBound / factories[b].areaRange.lowerBound
                let highest = min(band.range.upperBound, reach, areas)
                if let requested = band.maximum, requested > highest {
                    throw ShapeGameError(
                        .balanceRatioUnreachable(
                            kinds: "\(factories[a].kind.rawValue)|\(factories[b].kind.rawValue)", requested: requested,
                            largest: highest))
                }
                guard band.minimum < highest else {
                    throw ShapeGameError(.balanceUnreachable(cues: [.extent, .perimeter, .box], band: band.range))
                }
                pairs.append(KindPair(a: a, b: b, ratios: band.minimum...highest))
            }
        }
        return pairs
    }

    /// The largest area ratio two kinds with these spreads balance in distribution: the stretch
    /// and slant must be able to move each cue's ratio past the area ratio, for both kinds
    /// together, with room to spare (the plan balances several cues at once).
    package static func reach(_ first: [Double], _ second: [Double]) -> Double {
        let spread = zip(zip(first, second), reachShares).map { ($0.0 + $0.1) * $1 }.min() ?? 0
        return MathFunctions.exponential(spread)
    }

    /// The share of two kinds' combined spread a balanced ratio may use, per measure (the
    /// outline's spread lies mostly in the most slanted shapes, so less of it is usable).
    package static let reachShares = [0.45, 0.35, 0.45, 0.45, 0.45]

    /// For each measure (extent, outline, box area, box width, box height), how far, as a log of
    /// area per squared measure, a kind's stretch and slant move it.
    private static func spread(of factory: any ShapeFactory, measure: ShapeMeasurer) -> [Double] {
        let base = factory.makeShape(proportion: factory.proportions.maximum)
        var lowest = [Double](repeating: .infinity, count: 5)
        var highest = [Double](repeating: -.infinity, count: 5)
        let steps = 8
        for i in 0...steps {
            for j in 0...steps {
                let stretch =
                    BalancedPlan.stretches.lowerBound
                    + (BalancedPlan.stretches.upperBound - BalancedPlan.stretches.lowerBound) * Double(i)
                    / Double(steps)
                let shear = BalancedPlan.shears.upperBound * Double(j) / Double(steps)
                let measures = measure(base, stretch, shear)
                guard measures.fits else { continue }
                let area = base.area * stretch
                let lengths = [
                    base.proportion, measures.perimeter, (measures.boxWidth * measures.boxHeight).squareRoot(),
                    measures.boxWidth, measures.boxHeight,
                ]
                for (index, length) in lengths.enumerated() where length > 0 {
                    let factor = MathFunctions.logarithm(area / (length * length))
                    lowest[index] = min(lowest[index], factor)
                    highest[index] = max(highest[index], factor)
                }
            }
        }
        return zip(lowest, highest).map { $1 - $0 }
    }

    /// The ratios a turn whose larger shape comes from `larger` may take: inside the band and the
    /// factories' areas, and below f_L / f_S for every measured cue where f_L > f_S; `nil` when a
    /// cue's factors tie (or a measure is unknown) or nothing is left.
    private static func ratios(
        larger: any ShapeFactory, _ largerFactors: [Double], smaller: any ShapeFactory, _ smallerFactors: [Double],
        margins: [Double], band: ClosedRange<Double>
    ) -> ClosedRange<Double>? {
        var lowest = max(band.lowerBound, larger.areaRange.lowerBound / smaller.areaRange.upperBound)
        var highest = min(band.upperBound, larger.areaRange.upperBound / smaller.areaRange.lowerBound)
        for ((largerFactor, smallerFactor), margin) in zip(zip(largerFactors, smallerFactors), margins) {
            guard largerFactor > 0, smallerFactor > 0 else { return nil }
            let threshold = largerFactor / smallerFactor
            if threshold > 1 + 1e-9 {
                highest = min(highest, threshold / margin)
            } else if threshold < 1 - 1e-9 {
                lowest = max(lowest, threshold * margin)
            } else {
                return nil
            }
        }
        return lowest < highest ? lowest...highest : nil
    }

    /// The pair turn `number` belongs to: its kinds, and the label larger in its first turn.
    private func pair(ofTurn number: Int) -> (kinds: KindPair, firstLarger: ShapeLabel) {
        let drawn = Self.pair(ofTurn: number, count: pairs.count, seed: seed)
        return (pairs[drawn.index], drawn.firstLarger)
    }

    private static func pair(ofTurn number: Int, count: Int, seed: UInt64) -> (index: Int, firstLarger: ShapeLabel) {
        var random = RandomStream(seed: seed ^ pairSalt, turn: (number + 1) / 2)
        let index = random.nextIndex(below: count)
        return (index, random.nextBool() ? .a : .b)
    }

    package func largerLabel(forTurn number: Int) -> ShapeLabel? {
        let first = pair(ofTurn: number).firstLarger
        return number % 2 == 1 ? first : first.other
    }

    package func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        if let plan {
            return plan.shapes(ofTurn: context.number)
        }
        let (kinds, firstLarger) = pair(ofTurn: context.number)
        let largerLabel = context.number % 2 == 1 ? firstLarger : firstLarger.other
        let larger = factories[largerLabel == .a ? kinds.a : kinds.b]
        let smaller = factories[largerLabel == .a ? kinds.b : kinds.a]
        let ratio = distribution.draw(in: kinds.ratios, using: &random)
        let largerAreas = larger.areaRange
        let smallerAreas = smaller.areaRange
        let lowest = max(smallerAreas.lowerBound, largerAreas.lowerBound / ratio)
        let highest = max(lowest, min(smallerAreas.upperBound, largerAreas.upperBound / ratio))
        // A hair inside, so the square roots of makeShape(area:) cannot step out of the factories' ranges.
        let smallerArea = random.nextDouble(
            in: lowest * (1 + 1e-12)...max(lowest * (1 + 1e-12), highest * (1 - 1e-12)))
        return ShapePair(larger.makeShape(area: smallerArea * ratio), smaller.makeShape(area: smallerArea))
    }
}
