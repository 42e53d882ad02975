import ShapeGame
import Testing

@Suite("Strategies and the turn controller")
struct TurnStrategyTests {
    static let band = try! AreaRatioBand(minimum: 1.1)

    @Test func basicStrategyDrawsBothShapesFromItsFactory() throws {
        let strategy = try BasicTurnStrategy(factory: CircleShapeFactory(), ratios: try AreaRatioBand(minimum: 1.2))
        let controller = TurnController(strategy: strategy, seed: 4, turnCount: 500)
        for number in 1...500 {
            let turn = try controller.turn(number: number)
            #expect(turn.number == number)
            #expect(turn.shapeA.kind == .circle && turn.shapeB.kind == .circle)
            #expect(turn.areaRatio >= 1.2)
        }
    }

    @Test func randomStrategyMixesItsStrategiesEvenly() throws {
        let strategy = try RandomTurnStrategy(strategies: [
            try BasicTurnStrategy(factory: SquareShapeFactory(), ratios: Self.band),
            try BasicTurnStrategy(factory: CircleShapeFactory(), ratios: Self.band),
        ])
        let controller = TurnController(strategy: strategy, seed: 2, turnCount: 4_000)
        let turns = try (1...4_000).map(controller.turn(number:))
        #expect(turns.allSatisfy { $0.shapeA.kind == $0.shapeB.kind })
        let squares = turns.filter { $0.shapeA.kind == .square }.count
        #expect((1_850...2_150).contains(squares))
    }

    @Test func mixedStrategyPitsKindsAgainstEachOther() throws {
        let kinds: [any ShapeFactory] = [SquareShapeFactory(), CircleShapeFactory(), TriangleShapeFactory()]
        let controller = TurnController(
            strategy: try MixedTurnStrategy(factories: kinds, ratios: Self.band), seed: 5, turnCount: 3_000)
        let turns = try (1...3_000).map(controller.turn(number:))
        let mixed = turns.filter { $0.shapeA.kind != $0.shapeB.kind }.count
        // Independent kinds differ two times in three.
        #expect((1_850...2_150).contains(mixed))
        #expect(turns.allSatisfy { $0.areaRatio >= 1.1 })
        let squareVersusCircle = turns.filter { Set([$0.shapeA.kind, $0.shapeB.kind]) == [.square, .circle] }
        #expect(squareVersusCircle.contains { $0.shape($0.larger).kind == .circle })
    }

    @Test func gradedStrategyRisesFromEasyToTheMinimumRatio() throws {
        let strategy = try GradedTurnStrategy(
            factories: [SquareShapeFactory(), CircleShapeFactory()], minimumRatio: 1.1)
        #expect(strategy.easyRatio == 4)
        let controller = TurnController(strategy: strategy, seed: 6, turnCount: 100)
        let ratios = try (1...100).map { try controller.turn(number: $0).areaRatio }
        #expect(ratios.first.map { $0 >= 3.8 } == true)
        #expect(ratios.last.map { $0 >= 1.1 && $0 <= 1.1 * 1.05 } == true)
        for (index, ratio) in ratios.enumerated() {
            let target = strategy.targetRatio(forTurn: index + 1, of: 100)
            #expect(
                ratio >= target * 0.95 - 1e-9 && ratio <= target * 1.05 + 1e-9,
                "turn \(index + 1): \(ratio) vs target \(target)")
        }
        let firstHalf = ratios.prefix(50).reduce(0, +)
        let secondHalf = ratios.suffix(50).reduce(0, +)
        #expect(firstHalf > secondHalf)
    }

    @Test func gradedStrategyStopsAtWhatTheProportionsAllow() throws {
        let narrow = try ProportionRange(minimum: 0.5, maximum: 0.8)
        let strategy = try GradedTurnStrategy(factories: [SquareShapeFactory(proportions: narrow)], minimumRatio: 1.2)
        #expect(abs(strategy.easyRatio - 2.56) < 1e-12)
        #expect(strategy.targetRatio(forTurn: 1, of: 1) == strategy.easyRatio)
    }

    @Test func difficultiesAreBandsOfRatios() throws {
        for difficulty in Difficulty.allCases {
            let band = try difficulty.band(minimumRatio: 1.1)
            let strategy = try BasicTurnStrategy(factory: SquareShapeFactory(), ratios: band)
            let controller = TurnController(strategy: strategy, seed: 1, turnCount: 300)
            for number in 1...300 {
                #expect(band.range.contains(try controller.turn(number: number).areaRatio))
            }
        }
        #expect(try Difficulty.hard.band(minimumRatio: 1.1) == (try AreaRatioBand(minimum: 1.1, maximum: 1.4)))
        #expect(try Difficulty.easy.band(minimumRatio: 1.1) == (try AreaRatioBand(minimum: 2)))
        #expect(throws: ShapeGameError.self) { try Difficulty.hard.band(minimumRatio: 1.5) }
    }

    @Test func aRandomStrategyNeedsSomethingToPick() throws {
        #expect(throws: ShapeGameError.noStrategies) { try RandomTurnStrategy(strategies: []) }
        #expect(throws: ShapeGameError.noStrategies) { try MixedTurnStrategy(factories: [], ratios: Self.band) }
    }

    @Test func aTurnIsTheSameWhateverCameBeforeIt() throws {
        let strategy = try BasicTurnStrategy(factory: SquareShapeFactory(), ratios: Self.band)
        let controller = TurnController(strategy: strategy, seed: 77, turnCount: 50)
        let forwards = try (1...50).map { try controller.turn(number: $0).shapeA.proportion }
        let backwards = try (1...50).reversed().map { try controller.turn(number: $0).shapeA.proportion }
        #expect(forwards == backwards.reversed())
        #expect(
            try TurnController(strategy: strategy, seed: 78, turnCount: 50).turn(number: 1).shapeA.proportion
                != forwards[0])
    }

    @Test func strategiesAreHandedThePastTurns() throws {
        struct Recording: TurnStrategy {
            let inner: BasicTurnStrategy
            func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
                // Bigger shapes after every matched turn: only possible if the history arrives.
                let matched = context.pastTurns.filter(\.matched).count
                return ShapePair(SquareShape(proportion: 0.3 + 0.1 * Double(matched)), SquareShape(proportion: 0.2))
            }
        }
        var controller = TurnController(
            strategy: Recording(inner: try BasicTurnStrategy(factory: SquareShapeFactory(), ratios: Self.band)),
            seed: 1, turnCount: 3
        )
        let first = try controller.turn(number: 1)
        _ = controller.endTurn(first, tapping: first.larger)
        #expect(try controller.turn(number: 2).shape(try controller.turn(number: 2).larger).proportion == 0.4)
    }

    @Test func ties() throws {
        let tie = Turn(number: 1, shapeA: SquareShape(proportion: 0.5), shapeB: SquareShape(proportion: 0.5))
        #expect(tie.isMatch(tapping: .a) && tie.isMatch(tapping: .b))
        #expect(tie.areaRatio == 1)
        let clear = Turn(number: 2, shapeA: CircleShape(proportion: 0.4), shapeB: SquareShape(proportion: 0.4))
        #expect(clear.larger == .b)
        #expect(clear.isMatch(tapping: .b) && !clear.isMatch(tapping: .a))
        #expect(abs(clear.areaRatio - 4 / Double.pi) < 1e-12)
    }
}
