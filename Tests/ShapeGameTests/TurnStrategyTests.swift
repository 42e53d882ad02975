import Testing
import ShapeGame

@Suite("Strategies and the turn controller")
struct TurnStrategyTests {
    @Test func basicStrategyDrawsBothShapesFromItsFactory() throws {
        let controller = TurnController(strategy: try BasicTurnStrategy(factory: CircleShapeFactory(), minimumRatio: 1.2), seed: 4)
        for number in 1...500 {
            let turn = controller.turn(number: number)
            #expect(turn.number == number)
            #expect(turn.shapeA.kind == .circle && turn.shapeB.kind == .circle)
            #expect(turn.areaRatio >= 1.2)
        }
    }

    @Test func theLargerShapeIsAOrBByAFairCoin() throws {
        let controller = TurnController(strategy: try BasicTurnStrategy(factory: SquareShapeFactory(), minimumRatio: 1.1), seed: 9)
        let largerA = (1...4_000).filter { controller.turn(number: $0).larger == .a }.count
        #expect((1_850...2_150).contains(largerA))
    }

    @Test func randomStrategyMixesItsStrategiesEvenly() throws {
        let strategy = try RandomTurnStrategy(strategies: [
            try BasicTurnStrategy(factory: SquareShapeFactory(), minimumRatio: 1.1),
            try BasicTurnStrategy(factory: CircleShapeFactory(), minimumRatio: 1.1),
        ])
        let controller = TurnController(strategy: strategy, seed: 2)
        let turns = (1...4_000).map(controller.turn(number:))
        #expect(turns.allSatisfy { $0.shapeA.kind == $0.shapeB.kind })
        let squares = turns.filter { $0.shapeA.kind == .square }.count
        #expect((1_850...2_150).contains(squares))
    }

    @Test func aRandomStrategyNeedsSomethingToPick() {
        #expect(throws: ShapeGameError.noStrategies) {
            try RandomTurnStrategy(strategies: [])
        }
    }

    @Test func aTurnIsTheSameWhateverCameBeforeIt() throws {
        let strategy = try BasicTurnStrategy(factory: SquareShapeFactory(), minimumRatio: 1.1)
        let controller = TurnController(strategy: strategy, seed: 77)
        let forwards = (1...50).map { controller.turn(number: $0).shapeA.proportion }
        let backwards = (1...50).reversed().map { controller.turn(number: $0).shapeA.proportion }
        #expect(forwards == backwards.reversed())
        #expect(TurnController(strategy: strategy, seed: 78).turn(number: 1).shapeA.proportion != forwards[0])
    }

    @Test func ties() {
        let tie = Turn(number: 1, shapeA: SquareShape(proportion: 0.5), shapeB: SquareShape(proportion: 0.5))
        #expect(tie.isMatch(tapping: .a) && tie.isMatch(tapping: .b))
        #expect(tie.areaRatio == 1)
        let clear = Turn(number: 2, shapeA: CircleShape(proportion: 0.4), shapeB: SquareShape(proportion: 0.4))
        #expect(clear.larger == .b)
        #expect(clear.isMatch(tapping: .b) && !clear.isMatch(tapping: .a))
        #expect(abs(clear.areaRatio - 4 / Double.pi) < 1e-12)
    }
}
