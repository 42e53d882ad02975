import ShapeGame
import Testing

@Suite("The tutorial's scorer chain")
struct ScorerTests {
    /// A turn whose larger shape is `a`.
    static func turn(_ number: Int) -> Turn {
        Turn(number: number, shapeA: SquareShape(proportion: 0.6), shapeB: SquareShape(proportion: 0.4))
    }

    /// Plays `pattern` ("1" correct, "0" wrong) and returns each turn's increment and the total.
    static func play(_ pattern: String, scorer: any Scorer = ScorerChain.tutorial) -> (increments: [Int], total: Int) {
        var scoreboard = Scoreboard(scorer: scorer)
        let increments = pattern.enumerated().map { index, mark in
            scoreboard.record(turn(index + 1), choice: mark == "1" ? .a : .b).increment
        }
        return (increments, scoreboard.score)
    }

    @Test func fiveCorrectTurnsInARowScoreFifteen() throws {
        #expect(Self.play("11111").total == 15)
        #expect(Self.play("11111").increments == [1, 1, 1, 1, 11])
    }

    @Test(arguments: [
        ("", 0),
        ("0", -1),
        ("00000", -5),
        ("1111", 4),
        ("111111", 6 + 20),
        ("1111111111", 10 + 60),
        ("11110", 4 - 1),
        ("1111101111", 9 - 1 + 10),
        ("11111011111", 10 - 1 + 20),
        ("0101010101", 0),
        ("111110111110", 10 - 2 + 20),
    ])
    func patternsTotalWhatTheChainGives(pattern: String, total: Int) {
        #expect(Self.play(pattern).total == total)
    }

    @Test func aStreakBonusComesOnEveryTurnFromTheFifth() throws {
        #expect(Self.play("1111111").increments == [1, 1, 1, 1, 11, 11, 11])
        #expect(Self.play("11111011111").increments == [1, 1, 1, 1, 11, -1, 1, 1, 1, 1, 11])
    }

    @Test func scorersWorkAloneAndInAnyChain() throws {
        #expect(Self.play("11111", scorer: MatchScorer()).total == 5)
        #expect(Self.play("11111", scorer: StreakScorer()).total == 10)
        #expect(Self.play("111", scorer: StreakScorer(minimumStreak: 2, bonus: 3)).increments == [0, 3, 3])
        #expect(Self.play("11111", scorer: ScorerChain([])).total == 0)
    }

    @Test func aTieMatchesEitherTap() throws {
        var scoreboard = Scoreboard()
        let tie = Turn(number: 1, shapeA: CircleShape(proportion: 0.5), shapeB: CircleShape(proportion: 0.5))
        #expect(scoreboard.record(tie, choice: .a).matched)
        #expect(scoreboard.record(tie, choice: .b).matched)
    }

    @Test func theControllerScoresWithTheChainItWasGiven() throws {
        let strategy = try BasicTurnStrategy(factory: CircleShapeFactory(), ratios: try AreaRatioBand(minimum: 1.1))
        var controller = TurnController(
            strategy: strategy, seed: 3, turnCount: 5, scorer: StreakScorer(minimumStreak: 1, bonus: 7))
        var last: ScoredTurn?
        for number in 1...5 {
            let turn = try controller.turn(number: number)
            last = controller.endTurn(turn, tapping: turn.larger)
        }
        #expect(last?.score == 35)
    }
}
