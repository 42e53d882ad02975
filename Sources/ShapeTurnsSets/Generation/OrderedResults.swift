import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The results of a run's turns on their way from the rendering threads to the one writer, in
/// turn order: workers claim turns in order and store what they made; the writer takes each
/// turn's result as soon as it and every turn before it are done. A worker waits rather than run
/// more than `window` turns ahead of the writer, so at most `window` results are held whatever
/// the run's size. The writer is woken when `batch` turns in a row are ready (or the last ones,
/// or a failure), not for every turn: a turn costs half a millisecond and waking a thread a few
/// microseconds, which on a machine with fewer cores than threads comes out of the rendering.
package final class OrderedResults<Output: Sendable>: @unchecked Sendable {
    private let turns: ClosedRange<Int>
    private let window: Int
    /// How many ready turns in a row wake the writer, fewer than `window` so that the workers
    /// can always fill a batch.
    private let batch: Int
    private var nextClaim: Int
    private var nextDelivery: Int
    /// Turn n's result at `(n - turns.lowerBound) % window`, until the writer takes it.
    private var slots: [Result<Output, ShapeTurnsError>?]
    private var workers: Int
    /// No more turns are handed out: one failed, or the writer stopped.
    private var closed = false
    private let condition = NSCondition()

    /// Results of `turns` from `workers` threads, at most `window` (at least 1) held at once.
    package init(turns: ClosedRange<Int>, window: Int, workers: Int) {
        self.turns = turns
        self.window = max(window, 1)
        batch = max(1, min(8, self.window / 4))
        self.workers = workers
        nextClaim = turns.lowerBound
        nextDelivery = turns.lowerBound
        slots = Array(repeating: nil, count: self.window)
    }

    /// The next turn nobody has taken, once it is within the window; `nil` when every turn is
    /// handed out or the run has stopped.
    package func claimNext() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !closed, nextClaim <= turns.upperBound, nextClaim - nextDelivery >= window {
            condition.wait()
        }
        guard !closed, nextClaim <= turns.upperBound else { return nil }
        defer { nextClaim += 1 }
        return nextClaim
    }

    /// Keeps `result` for the writer; a failure stops the handing out of later turns.
    package func store(_ result: Result<Output, ShapeTurnsError>, forTurn number: Int) {
        condition.lock()
        defer { condition.unlock() }
        slots[(number - turns.lowerBound) % window] = result
        if case .failure = result {
            closed = true
        }
        if closed || writerCanGo {
            condition.broadcast()
        }
    }

    /// Whether the writer has work: the next `batch` turns (all that are left, when fewer) are
    /// ready, or the run has stopped. A failure stops the run, so it is covered too.
    private var writerCanGo: Bool {
        if closed { return true }
        let last = min(nextDelivery + batch - 1, turns.upperBound)
        guard nextDelivery <= last else { return true }
        for number in nextDelivery...last where slots[(number - turns.lowerBound) % window] == nil {
            return false
        }
        return true
    }

    /// A worker has claimed its last turn and stored its result.
    package func workerFinished() {
        condition.lock()
        defer { condition.unlock() }
        workers -= 1
        condition.broadcast()
    }

    /// Waits for the next turn's result and returns it with every later one already done, in
    /// order; `nil` after the last turn. Throws the earliest failing turn's error when the writer
    /// reaches it, and reports a turn with no result once every worker is done, rather than drop it.
    package func next() throws(ShapeTurnsError) -> [Output]? {
        condition.lock()
        defer { condition.unlock() }
        var ready: [Output] = []
        while nextDelivery <= turns.upperBound {
            let slot = (nextDelivery - turns.lowerBound) % window
            switch slots[slot] {
            case .success(let output):
                ready.append(output)
                slots[slot] = nil
                nextDelivery += 1
                continue
            case .failure(let error):
                if ready.isEmpty {
                    throw error
                }
            case nil:
                if ready.isEmpty {
                    if workers > 0 {
                        repeat {
                            condition.wait()
                        } while workers > 0 && !writerCanGo
                        continue
                    }
                    throw .rendering("turn \(nextDelivery) has no result: it was never rendered")
                }
            }
            break
        }
        condition.broadcast()
        return ready.isEmpty ? nil : ready
    }

    /// Hands out no more turns (the writer failed or stopped), waking every waiting worker.
    package func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }
}
