import Testing
import ShapeGame

@Suite("Answers are balanced between a and b")
struct AnswerBalanceTests {
    @Test(arguments: [1, 2, 9, 10, 11, 15, 30, 101, 1_000])
    func aSetIsOffBalanceByAtMostItsPartialBlock(count: Int) {
        let partial = count % 10
        for seed: UInt64 in [1, 2, 3, 99] {
            let balance = AnswerBalance(seed: seed)
            let aCount = (1...count).filter { balance.largerLabel(forTurn: $0) == .a }.count
            #expect(abs(2 * aCount - count) <= min(partial, 10 - partial), "seed \(seed): \(aCount) of \(count)")
        }
    }

    @Test func everyFullBlockOfTenIsExactlyHalf() {
        let balance = AnswerBalance(seed: 5)
        for block in 0..<100 {
            let aCount = (1...10).filter { balance.largerLabel(forTurn: block * 10 + $0) == .a }.count
            #expect(aCount == 5)
        }
    }

    @Test func theOrderIsShuffledNotAlternating() {
        let balance = AnswerBalance(seed: 5)
        let patterns = Set((0..<100).map { block in
            (1...10).map { balance.largerLabel(forTurn: block * 10 + $0).rawValue }.joined()
        })
        #expect(patterns.count > 80)
        let firsts = (0..<100).filter { balance.largerLabel(forTurn: $0 * 10 + 1) == .a }.count
        #expect((35...65).contains(firsts))
    }

    @Test func seedsGiveDifferentOrders() {
        let one = (1...30).map(AnswerBalance(seed: 8).largerLabel(forTurn:))
        let other = (1...30).map(AnswerBalance(seed: 9).largerLabel(forTurn:))
        #expect(one != other)
    }

    @Test func alwaysAnsweringAScoresNothingSpecial() throws {
        let strategy = try BasicTurnStrategy(factory: SquareShapeFactory(), ratios: try AreaRatioBand(minimum: 1.1))
        var controller = TurnController(strategy: strategy, seed: 12, turnCount: 40)
        for number in 1...40 {
            _ = controller.endTurn(controller.turn(number: number), tapping: .a)
        }
        let matched = controller.scoreboard.playedTurns.filter(\.matched).count
        #expect(matched == 20)
    }
}
