import ShapeGame
import Testing

/// The game's public entry points at the edges of their types: each returns or throws, never traps.
@Suite("The game's API on any Int and Double")
struct PublicEdgeTests {
    @Test func turnZeroAndBelowAreErrorsNotCrashes() {
        let balance = AnswerBalance(seed: 1)
        for number in [0, -1, -10, Int.min] {
            #expect(throws: ShapeGameError.turnNumberOutOfRange(number)) { try balance.largerLabel(forTurn: number) }
        }
    }

    @Test func aControllerRefusesTurnZero() throws {
        let strategy = try BasicTurnStrategy(factory: SquareShapeFactory(), ratios: try AreaRatioBand(minimum: 1.1))
        let controller = TurnController(strategy: strategy, seed: 3, turnCount: 10)
        #expect(throws: ShapeGameError.turnNumberOutOfRange(0)) { try controller.turn(number: 0) }
        #expect(throws: ShapeGameError.turnNumberOutOfRange(Int.min)) { try controller.turn(number: Int.min) }
    }

    @Test(arguments: EdgeValues.ints)
    func anyTurnNumberReturnsOrThrows(number: Int) throws {
        let balance = AnswerBalance(seed: 5)
        let graded = try GradedTurnStrategy(factories: [CircleShapeFactory(), StarShapeFactory()], minimumRatio: 1.1)
        for strategy in [
            try BasicTurnStrategy(factory: CircleShapeFactory(), ratios: try AreaRatioBand(minimum: 1.1)), graded,
        ] as [any TurnStrategy] {
            for count in [0, 1, 30, Int.max, Int.min, number] {
                let controller = TurnController(strategy: strategy, seed: 5, turnCount: count)
                if number >= 1 {
                    let turn = try controller.turn(number: number)
                    #expect(turn.number == number)
                    #expect(turn.larger == (try balance.largerLabel(forTurn: number)))
                    #expect(turn.areaRatio >= 1.1)
                } else {
                    #expect(throws: ShapeGameError.self) { try controller.turn(number: number) }
                }
            }
            let ratio = graded.targetRatio(forTurn: number, of: number)
            #expect(ratio.isFinite)
        }
        var stream = RandomStream(seed: 1, turn: number)
        #expect(
            (0..<4).map { _ in stream.nextIndex(below: number) }.allSatisfy {
                number <= 1 ? $0 == 0 : (0..<number).contains($0)
            })
    }

    @Test(arguments: EdgeValues.doubles)
    func anyRatioOrProportionReturnsOrThrows(value: Double) {
        if let band = try? AreaRatioBand(minimum: value) {
            #expect(band.minimum > 1 && band.minimum.isFinite)
        }
        if let band = try? AreaRatioBand(minimum: 1.5, maximum: value) {
            #expect(band.maximum.map { $0 >= 1.5 } == true)
        }
        for difficulty in Difficulty.allCases {
            if let band = try? difficulty.band(minimumRatio: value) {
                #expect(band.minimum > 1)
            }
        }
        if let range = try? ProportionRange(minimum: value, maximum: 1) {
            #expect(range.minimum > 0 && range.minimum <= 1)
        }
        if let range = try? ProportionRange(minimum: 0.1, maximum: value) {
            #expect(range.maximum >= 0.1 && range.maximum <= 1)
        }
        if let graded = try? GradedTurnStrategy(factories: [SquareShapeFactory()], minimumRatio: value) {
            #expect(graded.targetRatio(forTurn: 1, of: 10) >= value)
        }
    }
}
