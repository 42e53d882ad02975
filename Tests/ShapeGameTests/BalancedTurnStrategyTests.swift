import ShapeGame
import Testing

@Suite("Balanced turns: no cue but area predicts the larger shape")
struct BalancedTurnStrategyTests {
    static let allKinds: [any ShapeFactory] = [
        SquareShapeFactory(), CircleShapeFactory(), TriangleShapeFactory(), StarShapeFactory(),
        HexagonShapeFactory(),
    ]

    static func turns(cues: [BalancedCue], count: Int, seed: UInt64 = 11, distribution: RatioDistribution = .uniform)
        throws -> [Turn]
    {
        let strategy = try BalancedTurnStrategy(
            factories: allKinds, ratios: try AreaRatioBand(minimum: 1.1), distribution: distribution, cues: cues,
            seed: seed)
        return TurnController(strategy: strategy, seed: seed, turnCount: count).allTurns()
    }

    /// The share of turns in which the larger shape also has the larger `measure`.
    static func congruentShare(_ turns: [Turn], _ measure: (any Shape) -> Double) -> Double {
        let congruent = turns.filter { turn in
            let larger = turn.shape(turn.larger)
            let smaller = turn.shape(turn.larger == .a ? .b : .a)
            return measure(larger) > measure(smaller)
        }
        return Double(congruent.count) / Double(turns.count)
    }

    static func perimeter(_ shape: any Shape) -> Double {
        (shape as? any OutlinedShape)?.perimeter ?? 0
    }

    @Test(arguments: [
        [BalancedCue.kind, .extent, .perimeter, .box, .position], [.extent], [.perimeter], [.kind, .position],
    ])
    func everyListedCueIsCongruentInExactlyHalfTheTurns(cues: [BalancedCue]) throws {
        let turns = try Self.turns(cues: cues, count: 10_000)
        #expect(turns.count == 10_000)
        #expect(turns.allSatisfy { $0.areaRatio >= 1.1 })
        #expect(turns.filter { $0.larger == .a }.count == 5_000)
        if cues.contains(.extent) {
            #expect(Self.congruentShare(turns, \.proportion) == 0.5)
        }
        if cues.contains(.perimeter) {
            #expect(Self.congruentShare(turns, Self.perimeter) == 0.5)
        }
        // Every ordered pair of kinds faces both answers equally often, so every kind is the
        // larger shape exactly as often as it is the smaller.
        var cells: [String: Int] = [:]
        for turn in turns {
            cells["\(turn.shapeA.kind)-\(turn.shapeB.kind)", default: 0] += turn.larger == .a ? 1 : -1
        }
        #expect(cells.values.allSatisfy { $0 == 0 }, "\(cells)")
    }

    @Test func withoutBalanceTheKindsGiveTheAnswerAway() throws {
        // Today's mixed strategy: a star is rarely the larger shape. The balanced strategy's
        // check above must be able to fail, and it would on these turns.
        let strategy = try MixedTurnStrategy(factories: Self.allKinds, ratios: try AreaRatioBand(minimum: 1.1))
        let turns = TurnController(strategy: strategy, seed: 11, turnCount: 4_000).allTurns()
        let starLarger = turns.filter { $0.shape($0.larger).kind == .star }.count
        let starSmaller = turns.filter { $0.shape($0.larger == .a ? .b : .a).kind == .star }.count
        #expect(Double(starLarger) < 0.3 * Double(starLarger + starSmaller))
        #expect(Self.congruentShare(turns, \.proportion) > 0.7)
    }

    @Test func aTurnIsTheSameWhateverTheSetSize() throws {
        let short = try Self.turns(cues: [.kind, .extent], count: 7)
        let long = try Self.turns(cues: [.kind, .extent], count: 1_000)
        for (one, other) in zip(short, long) {
            #expect(one.shapeA.area == other.shapeA.area && one.shapeB.area == other.shapeB.area)
            #expect(one.shapeA.kind == other.shapeA.kind && one.shapeB.kind == other.shapeB.kind)
        }
    }

    @Test func logUniformRatiosCrowdTowardTheLowEnd() throws {
        // Squares alone, proportions 0.3 to 0.8: every ratio from 1.1 to 4 can be made.
        let band = try AreaRatioBand(minimum: 1.1, maximum: 4)
        func median(_ distribution: RatioDistribution) throws -> Double {
            let strategy = try BalancedTurnStrategy(
                factories: [SquareShapeFactory()], ratios: band, distribution: distribution, cues: [.kind], seed: 3)
            let ratios = TurnController(strategy: strategy, seed: 3, turnCount: 4_001).allTurns().map(\.areaRatio)
            #expect(ratios.allSatisfy { band.range.contains($0) })
            return ratios.sorted()[2_000]
        }
        // Log-uniform's median is the geometric mean √(1.1 · 4) = 2.098; uniform's the mean, 2.55.
        #expect(abs(try median(.logUniform) - 2.098) < 0.06)
        #expect(abs(try median(.uniform) - 2.55) < 0.06)
    }

    @Test func oneKindCannotBalanceItsExtent() {
        #expect(throws: ShapeGameError.self) {
            try BalancedTurnStrategy(
                factories: [SquareShapeFactory()], ratios: try AreaRatioBand(minimum: 1.1), cues: [.extent], seed: 1)
        }
        #expect(throws: ShapeGameError.self) {
            // Incongruent turns need ratios near 1; none of these pairs can make one at 5 or more.
            try BalancedTurnStrategy(
                factories: Self.allKinds, ratios: try AreaRatioBand(minimum: 5), cues: [.extent], seed: 1)
        }
    }
}
