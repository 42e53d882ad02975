import Synchronization

/// The shapes of a balanced set whose measured cues are balanced in distribution, planned one
/// pair of turns after another from the seed before anything is drawn, so a turn is the same for
/// any `--jobs`, shard or turn count (it depends only on the pairs before it).
///
/// Every shape is a `DistortedShape` with a stretch and a shear drawn within `stretches` and
/// `shears`. For each turn the plan draws `candidates` turns of the pair's kinds and label from
/// `RandomStream(seed: seed ^ planSalt, turn: j)` and keeps the one that best evens out, per
/// ordered kind pair and per feature, how many turns with `a` larger and with `b` larger fall in
/// each bin of the feature (bins 0.025, 0.1 and 0.4 wide in log units, edges on 0). The features are the
/// log-ratios (a over b) of extent, drawn outline, box width, box height, box area and box side,
/// and the logarithms of each shape's extent, outline and box sides. The key records neither
/// stretch nor shear: with the extent and box they would give the area ratio, and a cue that
/// with others adds up to the area ratio cannot be spread alike for both labels. So no threshold on one of them, alone or with the kinds, tells the labels apart.
/// The pair's second turn (the other label larger) is drawn incongruent on each of extent,
/// outline and box exactly where the first is congruent, so each is congruent in exactly half of
/// a set's turns, and turns congruent on all three and on none come in pairs.
package final class BalancedPlan: Sendable {
    /// The two turns of one pair, as `ShapePair`s (first turn, second turn).
    package struct PlannedPair: Sendable {
        package let turns: [ShapePair]
    }

    package static let planSalt: UInt64 = 0x504C_414E_5455_524E
    /// How many turns are drawn for each turn kept.
    package static let candidates = 96
    /// How many turns are drawn at most for each turn kept.
    package static let tries = 4000
    package static let stretches = 0.45...1.0
    package static let shears = 0.0...0.8
    private static let binWidths = [0.025, 0.1, 0.4]
    private static let lowest = -8.0
    private static let featureCount = 14
    private static let binCounts = binWidths.map { Int((2 * -lowest / $0).rounded(.up)) + 1 }
    private static let binsPerFeature = binCounts.reduce(0, +)
    /// How much each feature's bins weigh: the log-ratios come first and weigh twice as much as
    /// each shape's own measures, but the outline's (which the key does not record) once.
    private static let weights = [2, 1, 2, 2, 2, 2] + Array(repeating: 1, count: 8)

    private struct State: ~Copyable {
        var pairs: [PlannedPair] = []
        /// Per kind pair, feature and bin: turns with `a` larger minus turns with `b` larger.
        var balance: [Int32]
    }

    private let factories: [any ShapeFactory]
    private let kindPairs: [BalancedTurnStrategy.KindPair]
    private let distribution: RatioDistribution
    private let seed: UInt64
    private let measure: ShapeMeasurer
    private let pairOfTurns: @Sendable (Int) -> (kinds: Int, firstLarger: ShapeLabel)
    private let state: Mutex<State>

    package init(
        factories: [any ShapeFactory], kindPairs: [BalancedTurnStrategy.KindPair], distribution: RatioDistribution,
        seed: UInt64, measure: @escaping ShapeMeasurer,
        pairOfTurns: @escaping @Sendable (Int) -> (kinds: Int, firstLarger: ShapeLabel)
    ) {
        self.factories = factories
        self.kindPairs = kindPairs
        self.distribution = distribution
        self.seed = seed
        self.measure = measure
        self.pairOfTurns = pairOfTurns
        state = Mutex(
            State(balance: Array(repeating: 0, count: kindPairs.count * Self.featureCount * Self.binsPerFeature)))
    }

    /// The shapes of turn `number` (1-based), larger first.
    package func shapes(ofTurn number: Int) -> ShapePair {
        let pair = (number + 1) / 2
        return state.withLock { state in
            while state.pairs.count < pair {
                plan(pair: state.pairs.count + 1, into: &state)
            }
            return state.pairs[pair - 1].turns[number % 2 == 1 ? 0 : 1]
        }
    }

    private func plan(pair number: Int, into state: inout State) {
        let (kindIndex, firstLarger) = pairOfTurns(number * 2 - 1)
        let kinds = kindPairs[kindIndex]
        var random = RandomStream(seed: seed ^ Self.planSalt, turn: number)
        var turns: [ShapePair] = []
        var firstCongruence: [Bool]?
        for larger in [firstLarger, firstLarger.other] {
            var best: (pair: ShapePair, bins: [Int], cost: Int)?
            var congruence: [Bool] = []
            var (kept, tries) = (0, 0)
            while kept < Self.candidates, tries < Self.tries {
                tries += 1
                guard let drawn = draw(kinds, larger: larger, using: &random) else { continue }
                // The second turn is the first's opposite on every measure: where one is congruent the other is not.
                if let firstCongruence, drawn.congruence != firstCongruence.map({ !$0 }),
                    best != nil || tries < Self.tries / 2
                {
                    continue
                }
                kept += 1
                let bins = Self.bins(of: drawn.features, kindPair: kindIndex)
                let sign: Int32 = larger == .a ? 1 : -1
                var cost = 0
                for (index, bin) in bins.enumerated() {
                    let count = state.balance[bin]
                    cost += Int(abs(count + sign) - abs(count)) * Self.weights[index / Self.binWidths.count]
                }
                if best == nil || cost < best?.cost ?? 0 {
                    best = (drawn.pair, bins, cost)
                    if firstCongruence == nil { congruence = drawn.congruence }
                }
            }
            if firstCongruence == nil { firstCongruence = congruence }
            guard let best else {
                // No candidate fitted (a range too narrow to draw in): fall back on the upright kinds.
                turns.append(fallback(kinds, larger: larger, using: &random))
                continue
            }
            for bin in best.bins {
                state.balance[bin] += larger == .a ? 1 : -1
            }
            turns.append(best.pair)
        }
        state.pairs.append(PlannedPair(turns: turns))
    }

    /// One candidate turn of `kinds` with `larger` the larger label, and its features.
    private func draw(_ kinds: BalancedTurnStrategy.KindPair, larger: ShapeLabel, using random: inout RandomStream)
        -> (pair: ShapePair, features: [Double], congruence: [Bool])?
    {
        let largerFactory = factories[larger == .a ? kinds.a : kinds.b]
        let smallerFactory = factories[larger == .a ? kinds.b : kinds.a]
        let ratio = distribution.draw(in: kinds.ratios, using: &random)
        let stretch = (larger: random.nextDouble(in: Self.stretches), smaller: random.nextDouble(in: Self.stretches))
        let shear = (larger: random.nextDouble(in: Self.shears), smaller: random.nextDouble(in: Self.shears))
        let largerAreas = largerFactory.areaRange
        let smallerAreas = smallerFactory.areaRange
        let lowest = max(smallerAreas.lowerBound * stretch.smaller, largerAreas.lowerBound * stretch.larger / ratio)
        let highest = min(smallerAreas.upperBound * stretch.smaller, largerAreas.upperBound * stretch.larger / ratio)
        let unit = random.nextUnit()
        guard lowest * (1 + 1e-9) < highest * (1 - 1e-9) else { return nil }
        let smallerArea = lowest * (1 + 1e-9) + (highest * (1 - 1e-9) - lowest * (1 + 1e-9)) * unit
        let largerShape = distorted(
            largerFactory.makeShape(area: smallerArea * ratio / stretch.larger), stretch.larger, shear.larger)
        let smallerShape = distorted(
            smallerFactory.makeShape(area: smallerArea / stretch.smaller), stretch.smaller, shear.smaller)
        guard largerShape.measures.fits, smallerShape.measures.fits else { return nil }
        let (a, b) = larger == .a ? (largerShape, smallerShape) : (smallerShape, largerShape)
        // Boxes a pixel apart on each side could swap order when the key rounds them elsewhere on the canvas.
        let boxes = [largerShape.measures, smallerShape.measures].map { $0.boxWidth * $0.boxHeight }
        let grown = [largerShape.measures, smallerShape.measures].map { ($0.boxWidth + 2) * ($0.boxHeight + 2) }
        guard boxes[0] > grown[1] || grown[0] < boxes[1] else { return nil }
        let congruence = [
            largerShape.shape.proportion > smallerShape.shape.proportion,
            largerShape.shape.perimeter > smallerShape.shape.perimeter,
            largerShape.measures.boxWidth * largerShape.measures.boxHeight > smallerShape.measures.boxWidth
                * smallerShape.measures.boxHeight,
        ]
        return (ShapePair(largerShape.shape, smallerShape.shape), Self.features(a, b), congruence)
    }

    private func distorted(_ base: any Shape, _ stretch: Double, _ shear: Double) -> (
        shape: DistortedShape, measures: ShapeMeasures
    ) {
        let measures = measure(base, stretch, shear)
        return (DistortedShape(base: base, stretch: stretch, shear: shear, perimeter: measures.perimeter), measures)
    }

    private func fallback(_ kinds: BalancedTurnStrategy.KindPair, larger: ShapeLabel, using random: inout RandomStream)
        -> ShapePair
    {
        let largerFactory = factories[larger == .a ? kinds.a : kinds.b]
        let smallerFactory = factories[larger == .a ? kinds.b : kinds.a]
        let ratio = kinds.ratios.lowerBound
        let smallerArea = max(smallerFactory.areaRange.lowerBound, largerFactory.areaRange.lowerBound / ratio)
        _ = random.next()
        return ShapePair(
            distorted(largerFactory.makeShape(area: smallerArea * ratio), 1, 0).shape,
            distorted(smallerFactory.makeShape(area: smallerArea), 1, 0).shape)
    }

    private static func features(
        _ a: (shape: DistortedShape, measures: ShapeMeasures), _ b: (shape: DistortedShape, measures: ShapeMeasures)
    ) -> [Double] {
        func own(_ shape: (shape: DistortedShape, measures: ShapeMeasures)) -> [Double] {
            [shape.shape.proportion, shape.measures.perimeter, shape.measures.boxWidth, shape.measures.boxHeight].map {
                MathFunctions.logarithm(max($0, 1e-9))
            }
        }
        let (ownA, ownB) = (own(a), own(b))
        let boxA = MathFunctions.logarithm(max(a.measures.boxWidth * a.measures.boxHeight, 1e-9))
        let boxB = MathFunctions.logarithm(max(b.measures.boxWidth * b.measures.boxHeight, 1e-9))
        let sideA = MathFunctions.logarithm(max(a.measures.boxWidth, a.measures.boxHeight, 1e-9))
        let sideB = MathFunctions.logarithm(max(b.measures.boxWidth, b.measures.boxHeight, 1e-9))
        let ratios = zip(ownA, ownB).map { $0 - $1 }
        return ratios + [boxA - boxB, sideA - sideB] + ownA + ownB
    }

    private static func bins(of features: [Double], kindPair: Int) -> [Int] {
        var bins: [Int] = []
        bins.reserveCapacity(features.count * binWidths.count)
        for (feature, value) in features.enumerated() {
            var offset = (kindPair * featureCount + feature) * binsPerFeature
            for (width, count) in zip(binWidths, binCounts) {
                let bin = Int(((value - lowest) / width).rounded(.down))
                bins.append(offset + min(max(bin, 0), count - 1))
                offset += count
            }
        }
        return bins
    }
}
