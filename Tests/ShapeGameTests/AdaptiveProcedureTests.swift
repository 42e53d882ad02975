import ShapeGame
import Testing

@Suite("Adaptive procedures: staircase and quest")
struct AdaptiveProcedureTests {
    /// log₁₀(ratio − 1) of the staircase's next turn.
    static func level(_ staircase: Staircase) -> Double {
        Staircase.level(ofRatio: staircase.nextRatio)
    }

    @Test func staircaseDescendsOneDownUntilTheFirstReversalThenTransforms() throws {
        var parameters = StaircaseParameters.default
        parameters.stepSizes = [0.3, 0.2, 0.1, 0.05]
        var staircase = try Staircase(parameters: parameters)
        let start = Self.level(staircase)
        #expect(abs(staircase.nextRatio - 1.5) < 1e-12)
        // Before the first reversal every right answer is a 0.3 step down.
        staircase.record(ratio: staircase.nextRatio, correct: true)
        staircase.record(ratio: staircase.nextRatio, correct: true)
        #expect(abs(Self.level(staircase) - (start - 0.6)) < 1e-9)
        // A wrong answer reverses (first reversal) and steps up by the second step size.
        staircase.record(ratio: staircase.nextRatio, correct: false)
        #expect(abs(Self.level(staircase) - (start - 0.4)) < 1e-9)
        #expect(staircase.track.reversalLevels.count == 1)
        // Now 3-down: two right answers change nothing, the third steps down (second reversal, step 0.1).
        staircase.record(ratio: staircase.nextRatio, correct: true)
        staircase.record(ratio: staircase.nextRatio, correct: true)
        #expect(abs(Self.level(staircase) - (start - 0.4)) < 1e-9)
        staircase.record(ratio: staircase.nextRatio, correct: true)
        #expect(abs(Self.level(staircase) - (start - 0.5)) < 1e-9)
        #expect(staircase.track.reversalLevels.count == 2)
        // 1-up: a single wrong answer steps up (third reversal, the last step size 0.05).
        staircase.record(ratio: staircase.nextRatio, correct: false)
        #expect(abs(Self.level(staircase) - (start - 0.45)) < 1e-9)
        #expect(!staircase.isFinished)
    }

    @Test func staircaseStopsAfterItsReversalsAndStaysInItsLimits() throws {
        var parameters = StaircaseParameters.default
        parameters.nReversals = 4
        var staircase = try Staircase(parameters: parameters)
        var answers = 0
        while !staircase.isFinished && answers < 200 {
            // Right 20 times (down into the lower limit, no reversal), then wrong once and right three
            // times over and over: up and down, a reversal each time.
            staircase.record(ratio: staircase.nextRatio, correct: answers < 20 || answers % 4 != 0)
            answers += 1
            #expect(parameters.ratioLimits.contains(staircase.nextRatio))
        }
        #expect(staircase.isFinished)
        #expect(staircase.track.reversalLevels.count == 4)
    }

    @Test(arguments: [
        StaircaseParameters(
            startRatio: 1, nUp: 1, nDown: 3, stepSizes: [0.1], nReversals: 0, ratioLimits: 1.01...4,
            discardedReversals: 0),
        StaircaseParameters(
            startRatio: 1.5, nUp: 0, nDown: 3, stepSizes: [0.1], nReversals: 0, ratioLimits: 1.01...4,
            discardedReversals: 0),
        StaircaseParameters(
            startRatio: 1.5, nUp: 1, nDown: 3, stepSizes: [], nReversals: 0, ratioLimits: 1.01...4,
            discardedReversals: 0),
        StaircaseParameters(
            startRatio: 1.5, nUp: 1, nDown: 3, stepSizes: [-0.1], nReversals: 0, ratioLimits: 1.01...4,
            discardedReversals: 0),
    ])
    func staircaseRefusesSettingsItCannotRunWith(parameters: StaircaseParameters) {
        #expect(throws: ShapeGameError.self) { try Staircase(parameters: parameters) }
    }

    @Test func questMovesItsEstimateWithTheAnswers() throws {
        let grid = try QuestGrid(parameters: .default)
        var allRight = Quest(grid: grid)
        var allWrong = Quest(grid: grid)
        for _ in 0..<15 {
            allRight.record(ratio: allRight.nextRatio, correct: true)
            allWrong.record(ratio: allWrong.nextRatio, correct: false)
        }
        #expect(allRight.estimate.ratio < allWrong.estimate.ratio)
        for quest in [allRight, allWrong] {
            let estimate = quest.estimate
            let lower = try #require(estimate.lowerRatio)
            let upper = try #require(estimate.upperRatio)
            #expect(lower < estimate.ratio && estimate.ratio < upper)
            #expect(grid.stimuli.contains(quest.nextRatio))
            #expect(abs(quest.posterior.reduce(0, +) - 1) < 1e-9)
        }
    }

    /// Two thresholds, equally likely and then weighed by one answer: the estimate is the Weber
    /// fraction whose log is the posterior mean of the log Weber fraction (the least squared log
    /// error), not the threshold of the mean of ln(ln t) (1.1961 here instead of 1.2).
    @Test func questEstimatesTheGeometricMeanOfTheWeberFractions() throws {
        var parameters = QuestParameters.default
        parameters.thresholdRange = 1.1...1.4
        parameters.thresholdCount = 2
        parameters.slopes = [1]
        parameters.lapses = [0]
        parameters.lapseWeights = [1]
        var quest = try Quest(parameters: parameters)
        #expect(abs(quest.estimate.ratio - (1 + (0.1 * 0.4).squareRoot())) < 1e-9)
        let ratio = 1.2
        quest.record(ratio: ratio, correct: true)
        let rightAtLow = WeberObserver(threshold: 1.1, lapse: 0).probabilityRight(ratio: ratio)
        let rightAtHigh = WeberObserver(threshold: 1.4, lapse: 0).probabilityRight(ratio: ratio)
        let weightOfLow = rightAtLow / (rightAtLow + rightAtHigh)
        let logWeber = weightOfLow * MathFunctions.logarithm(0.1) + (1 - weightOfLow) * MathFunctions.logarithm(0.4)
        #expect(abs(quest.estimate.ratio - (1 + MathFunctions.exponential(logWeber))) < 1e-9)
        #expect(quest.estimate.ratio < 1 + (0.1 * 0.4).squareRoot())
    }

    /// With `--prior-threshold 1.15 --prior-sd 0.5` the prior is log-normal on the Weber fraction:
    /// before any answer the estimate is the centre, and the prior holds the shares of a normal
    /// on log₁₀(t − 1) within one sd either side, renormalised for the grid's ends (Weber fractions
    /// 0.01 and 2, 2.35 and 2.25 sd out: 0.93% and 1.23% of the normal lie beyond them).
    @Test func questsThresholdPriorIsLogNormalOnTheWeberFraction() throws {
        var parameters = QuestParameters.default
        parameters.thresholdPriorCentre = 1.15
        parameters.thresholdPriorSpread = 0.5
        let quest = try Quest(parameters: parameters)
        #expect(abs(quest.estimate.ratio - 1.15) < 0.004)
        let grid = quest.grid
        let perThreshold = grid.pointsPerThreshold
        func share(below weber: Double) -> Double {
            grid.logWeberFractions.indices.filter { grid.logWeberFractions[$0] <= MathFunctions.logarithm(weber) }
                .reduce(0) { total, index in
                    total + grid.prior[(index * perThreshold)..<((index + 1) * perThreshold)].reduce(0, +)
                }
        }
        let kept = 1 - 0.0093 - 0.0123
        let oneSd = MathFunctions.exponential(0.5 * MathFunctions.logarithm(10))
        #expect(abs(share(below: 0.15 / oneSd) - (0.1587 - 0.0093) / kept) < 0.015)
        #expect(abs(share(below: 0.15 * oneSd) - (0.8413 - 0.0093) / kept) < 0.015)
        #expect(abs(share(below: 0.15) - (0.5 - 0.0093) / kept) < 0.015)
    }

    @Test func questRefusesAPriorOutsideItsGrid() {
        var parameters = QuestParameters.default
        parameters.thresholdPriorCentre = 3.5
        #expect(throws: ShapeGameError.self) { try QuestGrid(parameters: parameters) }
        parameters.thresholdPriorCentre = 1.15
        parameters.thresholdPriorSpread = 0
        #expect(throws: ShapeGameError.self) { try QuestGrid(parameters: parameters) }
        parameters.thresholdPriorSpread = 0.5
        #expect((try? QuestGrid(parameters: parameters)) != nil)
    }

    @Test func questStopsWhenItsIntervalIsNarrowEnough() throws {
        var parameters = QuestParameters.default
        parameters.precision = 2.5
        var quest = try Quest(parameters: parameters)
        let observer = WeberObserver(threshold: 1.2, lapse: 0)
        var random = RandomStream(seed: 3, turn: 0)
        var turns = 0
        while !quest.isFinished && turns < 400 {
            let ratio = quest.nextRatio
            quest.record(ratio: ratio, correct: random.nextUnit() < observer.probabilityRight(ratio: ratio))
            turns += 1
        }
        #expect(quest.isFinished)
        let lower = try #require(quest.estimate.lowerRatio)
        let upper = try #require(quest.estimate.upperRatio)
        #expect(upper - 1 <= 2.5 * (lower - 1))
    }

    @Test func questRefusesAGridItCannotBuild() {
        var parameters = QuestParameters.default
        parameters.lapseWeights = [1]
        #expect(throws: ShapeGameError.self) { try QuestGrid(parameters: parameters) }
        parameters = .default
        parameters.precision = 1
        #expect(throws: ShapeGameError.self) { try QuestGrid(parameters: parameters) }
    }

    @Test func weberObserverIsRightThreeTimesInFourAtItsThreshold() {
        for lapse in [0.0, 0.05] {
            let observer = WeberObserver(threshold: 1.1, lapse: lapse)
            #expect(abs(observer.probabilityRight(ratio: 1.1) - (0.75 - lapse / 4)) < 1e-12)
            #expect(abs(observer.probabilityRight(ratio: 1) - 0.5) < 1e-12)
            #expect(observer.probabilityRight(ratio: 3) > 0.99 - lapse / 2)
        }
        let weibull = WeibullPsychometricFunction(threshold: 1.1, slope: 1.2, lapse: 0)
        #expect(abs(weibull.probabilityRight(ratio: 1.1) - 0.75) < 1e-12)
    }

    @Test(arguments: [0.0, 0.05])
    func questModelWithSlopeOneIsTheWeberObserver(lapse: Double) {
        let observer = WeberObserver(threshold: 1.2, lapse: lapse)
        let model = GaussianPsychometricFunction(threshold: 1.2, slope: 1, lapse: lapse)
        for ratio in [1.001, 1.05, 1.2, 1.5, 3] {
            #expect(abs(model.probabilityRight(ratio: ratio) - observer.probabilityRight(ratio: ratio)) < 1e-12)
        }
        let steeper = GaussianPsychometricFunction(threshold: 1.2, slope: 2, lapse: lapse)
        #expect(abs(steeper.probabilityRight(ratio: 1.2) - (0.75 - lapse / 4)) < 1e-12)
        #expect(steeper.probabilityRight(ratio: 1.1) < model.probabilityRight(ratio: 1.1))
        #expect(steeper.probabilityRight(ratio: 1.5) > model.probabilityRight(ratio: 1.5))
        #expect(model.probabilityRight(ratio: 1) == 0.5)
    }

    @Test func adaptiveStrategyShowsTheProceduresRatioAfterThePlayedTurns() throws {
        let strategy = try AdaptiveTurnStrategy(
            procedure: try Staircase(), factories: [SquareShapeFactory(), CircleShapeFactory()])
        var controller = TurnController(strategy: strategy, seed: 9, turnCount: 12)
        var staircase = try Staircase()
        for number in 1...12 {
            let turn = try controller.turn(number: number)
            #expect(abs(turn.areaRatio / staircase.nextRatio - 1) <= 1.01e-6, "turn \(number)")
            #expect(turn.shapeA.kind == turn.shapeB.kind)
            let choice: ShapeLabel = number % 4 == 0 ? (turn.larger == .a ? .b : .a) : turn.larger
            _ = controller.endTurn(turn, tapping: choice)
            staircase.record(ratio: turn.areaRatio, correct: choice == turn.larger)
        }
        // The same seed and answers give the same turns.
        var again = TurnController(strategy: strategy, seed: 9, turnCount: 12)
        for played in controller.scoreboard.playedTurns {
            let turn = try again.turn(number: played.turn.number)
            #expect(turn.areaRatio == played.turn.areaRatio && turn.larger == played.turn.larger)
            _ = again.endTurn(turn, tapping: played.choice)
        }
    }
}
