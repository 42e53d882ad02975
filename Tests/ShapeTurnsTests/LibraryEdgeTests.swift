import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurns
import Testing

/// The facade's public entry points on values their types allow but a set does not hold: each
/// throws an error that says so, never traps or passes silently.
@Suite("The ShapeTurns library at its edges")
struct LibraryEdgeTests {
    static func answers(_ count: Int) throws -> [TurnAnswer] {
        var options = GenerateOptions()
        options.turns = count
        options.size = 32
        options.style = ShapeStyle(lineWidth: 1)
        let generator = try SetGenerator(options: options)
        return try (1...count).map { number throws(ShapeTurnsError) in try generator.renderTurn(number: number).answer }
    }

    @Test(arguments: [0, -1, Int.min, 4, Int.max])
    func aResponseForATurnOutsideTheSetIsBadData(turn: Int) throws {
        let answers = try Self.answers(3)
        let responses = [Response(turn: 1, choice: .a, line: 2), Response(turn: turn, choice: .b, line: 3)]
        #expect(
            throws: ShapeTurnsError.badData(
                location: "r.csv line 3", reason: "turn \(turn) is not in the key (turns 1 to 3)")
        ) {
            try ResponseScorer().score(responses, against: answers, source: "r.csv")
        }
        #expect(throws: ShapeTurnsError.self) { try ResponseScorer().score(responses, against: [], source: "r.csv") }
    }

    @Test(arguments: [0, -1, Int.min])
    func renderingTurnZeroOrBelowThrows(turn: Int) throws {
        let generator = try SetGenerator(options: GenerateOptions())
        #expect(
            throws: ShapeTurnsError.invalidOption(
                "turn \(turn)", reason: "turn \(turn) does not exist: turns are numbered from 1")
        ) {
            try generator.renderTurn(number: turn)
        }
    }

    /// A turn with no result (no failure either) once every worker is done is an error, not a
    /// turn silently missing from the set.
    @Test func aTurnWithAMissingResultFailsInsteadOfDroppingIt() {
        let results = OrderedResults<Int>(turns: 5...7, window: 3, workers: 1)
        results.store(.success(50), forTurn: 5)
        results.store(.success(70), forTurn: 7)
        results.workerFinished()
        #expect((try? results.next()) == [50])
        #expect(throws: ShapeTurnsError.rendering("turn 6 has no result: it was never rendered")) {
            try results.next()
        }
    }

    /// `--jobs 32` runs 32 turns at once on any machine: each of 32 workers waits until all 32
    /// are running, which only threads of their own can do (a pool of one per core would stall
    /// until the deadline).
    @Test func everyJobRunsOnAThreadOfItsOwn() {
        final class Rendezvous: @unchecked Sendable {
            let condition = NSCondition()
            var arrived = 0
            var allMet = true
        }
        let rendezvous = Rendezvous()
        let jobs = 32
        RenderInvoker.onThreads(jobs) {
            rendezvous.condition.lock()
            defer { rendezvous.condition.unlock() }
            rendezvous.arrived += 1
            rendezvous.condition.broadcast()
            let deadline = Date().addingTimeInterval(120)
            while rendezvous.arrived < jobs {
                if !rendezvous.condition.wait(until: deadline) {
                    rendezvous.allMet = false
                    return
                }
            }
        }
        #expect(rendezvous.arrived == jobs && rendezvous.allMet)
    }

    static let ints = [
        Int.min, -1, 0, 1, 2, 6, 7, 10, 11, 16, 8192, 8193, 10_000, 10_001, 10_000_000, 10_000_001, Int.max,
    ]
    static let doubles: [Double] = [
        .nan, .infinity, -.infinity, -1, 0, -0.0, .leastNonzeroMagnitude, 0.3, 1, 1.0.nextUp, 1.1, 7.1, 1e300,
        .greatestFiniteMagnitude,
    ]

    /// Any Int for the set's counts and sizes: options are accepted only inside their ranges.
    @Test(arguments: ints)
    func anyCountOrSizeIsValidatedNotTrusted(value: Int) {
        var game = GenerateOptions()
        game.turns = value
        #expect(
            (try? game.validate()) != nil
                ? (1...GenerateOptions.turnLimit).contains(value) : !(1...GenerateOptions.turnLimit).contains(value))
        game = GenerateOptions()
        game.size = value
        game.style.lineWidth = GenerateOptions.defaultLineWidth(size: max(value, 0))
        #expect(((try? game.validate()) != nil) == GenerateOptions.sizeRange.contains(value))
        var worksheet = WorksheetOptions()
        worksheet.columns = value
        #expect(((try? worksheet.validate()) != nil) == WorksheetOptions.columnRange.contains(value))
        worksheet = WorksheetOptions()
        worksheet.game.turns = value
        #expect(((try? worksheet.validate()) != nil) == (1...WorksheetOptions.turnLimit).contains(value))
        var run = RunOptions()
        run.jobs = value
        #expect(((try? run.validate()) != nil) == (1...RunOptions.jobLimit).contains(value))
        for shard in [
            Shard?.none, try? Shard(parsing: "1/1"), try? Shard(parsing: "3/7"), try? Shard(parsing: "100000/100000"),
        ] {
            if let turns = shard?.turns(ofSetWith: value) {
                #expect(turns.lowerBound >= 1 && turns.upperBound <= value)
            }
        }
    }

    /// Any Double for ratios, proportions and line widths: returns or throws, never traps, and
    /// nothing that is not a finite number in range passes.
    @Test(arguments: doubles)
    func anyRatioProportionOrWidthIsValidatedNotTrusted(value: Double) {
        var game = GenerateOptions()
        game.minimumRatio = value
        if (try? game.validate()) != nil {
            #expect(value > 1 && value.isFinite)
        }
        game = GenerateOptions()
        game.style.lineWidth = value
        if (try? game.validate()) != nil {
            #expect(value > 0 && value.isFinite)
        }
        for strategy in StrategyName.allCases {
            game = GenerateOptions()
            game.strategy = strategy
            game.shapes = strategy == .basic ? [.square] : [.square, .circle]
            game.minimumRatio = value
            _ = try? game.makeController()
        }
    }
}
