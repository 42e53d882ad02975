import ShapeGame
import Testing

@Suite("Answers are balanced between a and b")
struct AnswerBalanceTests {
    @Test(arguments: [1, 2, 9, 10, 11, 15, 30, 101, 1_000])
    func aSetIsOffBalanceByAtMostItsPartialBlock(count: Int) throws {
        let partial = count % 10
        for seed: UInt64 in [1, 2, 3, 99] {
            let balance = AnswerBalance(seed: seed)
            let aCount = try (1...count).filter { try balance.largerLabel(forTurn: $0) == .a }.count
            #expect(abs(2 * aCount - count) <= min(partial, 10 - partial), "seed \(seed): \(aCount) of \(count)")
        }
    }

    @Test func everyFullBlockOfTenIsExactlyHalf() throws {
        let balance = AnswerBalance(seed: 5)
        for block in 0..<100 {
            let aCount = try (1...10).filter { try balance.largerLabel(forTurn: block * 10 + $0) == .a }.count
            #expect(aCount == 5)
        }
    }

    @Test func theOrderIsShuffledNotAlternating() throws {
        let balance = AnswerBalance(seed: 5)
        let patterns = Set(
            try (0..<100).map { block in
                try (1...10).map { try balance.largerLabel(forTurn: block * 10 + $0).rawValue }.joined()
            })
        #expect(patterns.count > 80)
        let firsts = try (0..<100).filter { try balance.largerLabel(forTurn: $0 * 10 + 1) == .a }.count
        #expect((35...65).contains(firsts))
    }

    @Test func seedsGiveDifferentOrders() throws {
        let one = try (1...30).map(AnswerBalance(seed: 8).largerLabel(forTurn:))
        let other = try (1...30).map(AnswerBalance(seed: 9).largerLabel(forTurn:))
        #expect(one != other)
    }

    @Test func alwaysAnsweringAScoresNothingSpecial() throws {
        let strategy = try BasicTurnStrategy(factory: SquareShapeFactory(), ratios: try AreaRatioBand(minimum: 1.1))
        var controller = TurnController(strategy: strategy, seed: 12, turnCount: 40)
        for number in 1...40 {
            _ = controller.endTurn(try controller.turn(number: number), tapping: .a)
        }
        let matched = controller.scoreboard.playedTurns.filter(\.matched).count
        #expect(matched == 20)
    }
}
