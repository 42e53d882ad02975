import Foundation
import ShapeGame
import ShapeRendering
@testable import ShapeTurns
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
        #expect(throws: ShapeTurnsError.badData(location: "r.csv line 3", reason: "turn \(turn) is not in the set (turns 1 to 3)")) {
            try ResponseScorer().score(responses, against: answers, source: "r.csv")
        }
        #expect(throws: ShapeTurnsError.self) { try ResponseScorer().score(responses, against: [], source: "r.csv") }
    }

    @Test(arguments: [0, -1, Int.min])
    func renderingTurnZeroOrBelowThrows(turn: Int) throws {
        let generator = try SetGenerator(options: GenerateOptions())
        #expect(throws: ShapeTurnsError.invalidOption("turn \(turn)", reason: "turn \(turn) does not exist: turns are numbered from 1")) {
            try generator.renderTurn(number: turn)
        }
    }

    /// A batch turn with no result (no failure either) is an error, not a turn silently missing
    /// from the set.
    @Test func aBatchWithAMissingResultFailsInsteadOfDroppingIt() {
        let batch = BatchResults<Int>(first: 5, count: 3)
        batch.store(.success(50), forTurn: 5)
        batch.store(.success(70), forTurn: 7)
        #expect(throws: ShapeTurnsError.rendering("turn 6 has no result: it was never rendered")) { try batch.results() }
        batch.store(.success(60), forTurn: 6)
        #expect((try? batch.results()) == [50, 60, 70])
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
}
