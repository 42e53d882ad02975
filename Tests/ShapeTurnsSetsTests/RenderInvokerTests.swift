import Foundation
import ShapeTurnsCore
import Testing

@testable import ShapeTurnsSets

/// The pipeline of render threads and one ordered writer: turn order, bounded memory, failures.
@Suite struct RenderInvokerTests {
    /// Whatever order the threads finish in, the writer gets every turn once, in order, and no
    /// worker starts a turn more than two windows past the last one written (a window of results
    /// waiting, and at most a window being written).
    @Test(arguments: [1, 2, 3, 8])
    func resultsArriveInTurnOrderWithinTheWindow(jobs: Int) throws {
        final class Progress: @unchecked Sendable {
            let lock = NSLock()
            var delivered = 0
            var furthestAhead = 0
        }
        let progress = Progress()
        let invoker = RenderInvoker(jobs: jobs)
        var seen: [Int] = []
        try invoker.run(turns: 3...2000) { number in
            progress.lock.withLock {
                progress.furthestAhead = max(progress.furthestAhead, number - (3 + progress.delivered))
            }
            // Every 50th turn is slow, so later turns finish sooner and the other workers would
            // run far ahead of the writer if nothing held them back.
            if number.isMultiple(of: 50) {
                usleep(5000)
            }
            return number * 10
        } deliver: { ready in
            seen += ready
            progress.lock.withLock { progress.delivered += ready.count }
        }
        #expect(seen == (3...2000).map { $0 * 10 })
        #expect(progress.furthestAhead < 2 * invoker.window)
    }

    /// A failing turn stops the run with its error after every turn before it was written; no
    /// later turn is written, and a later failure does not hide an earlier one.
    @Test(arguments: [1, 2, 4])
    func theEarliestFailureStopsTheRunAfterTheTurnsBeforeIt(jobs: Int) {
        var seen: [Int] = []
        #expect(throws: ShapeTurnsError.rendering("turn 57")) {
            try RenderInvoker(jobs: jobs).run(turns: 1...300) { number throws(ShapeTurnsError) in
                if number == 57 || number == 58 || number == 200 {
                    throw .rendering("turn \(number)")
                }
                return number
            } deliver: { ready in
                seen += ready
            }
        }
        #expect(seen == Array(1...56))
    }

    /// A writer that fails stops the workers: the run returns its error, and no thread is left
    /// rendering (every command has returned when `run` does).
    @Test(arguments: [1, 2, 4])
    func aFailingWriterStopsTheWorkers(jobs: Int) {
        final class Running: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
        }
        let running = Running()
        #expect(throws: ShapeTurnsError.rendering("disk full")) {
            try RenderInvoker(jobs: jobs).run(turns: 1...100_000) { number in
                running.lock.withLock { running.count += 1 }
                defer { running.lock.withLock { running.count -= 1 } }
                return number
            } deliver: { ready throws(ShapeTurnsError) in
                if ready.contains(where: { $0 >= 10 }) {
                    throw .rendering("disk full")
                }
            }
        }
        #expect(running.lock.withLock { running.count } == 0)
    }
}
