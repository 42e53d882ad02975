import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Runs render commands on `jobs` threads of its own and hands their results to the calling
/// thread in turn order as they become ready (the tutorial's Command and Invoker, as a pipeline):
/// the calling thread writes turn n while the workers render the turns after it, so writing
/// never stops the rendering. At most `window` results wait for the writer besides those it is
/// writing, so memory stays flat in the set's size. (Dispatch's `concurrentPerform` would quietly run no more
/// threads than the machine has cores, whatever `--jobs` says.)
package struct RenderInvoker {
    package let jobs: Int

    /// Turns rendered but not yet written, at most: enough to keep every thread busy while the
    /// writer is slow for a moment, few enough to keep memory small.
    package var window: Int { jobs * 32 }

    /// Executes `command` for every turn, calling `deliver` with the next results in turn order
    /// as soon as they are ready; stops at the first failure (of a command or of `deliver`),
    /// reporting the earliest failing turn's error after every turn before it was delivered.
    /// Every worker has ended when this returns.
    package func run<Output: Sendable>(
        turns: ClosedRange<Int>,
        command: @escaping @Sendable (Int) throws(ShapeTurnsError) -> Output,
        deliver: ([Output]) throws(ShapeTurnsError) -> Void
    ) throws(ShapeTurnsError) {
        let workers = max(1, min(jobs, turns.count))
        let results = OrderedResults<Output>(turns: turns, window: window, workers: workers)
        let finished = Self.startThreads(workers) {
            while let number = results.claimNext() {
                do throws(ShapeTurnsError) {
                    results.store(.success(try command(number)), forTurn: number)
                } catch {
                    results.store(.failure(error), forTurn: number)
                }
            }
            results.workerFinished()
        }
        defer {
            results.close()
            finished.wait()
        }
        while let ready = try results.next() {
            try deliver(ready)
        }
    }

    /// Runs `body` on `count` threads at once (the calling thread is one of them) and returns
    /// when every one has finished.
    package static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let finished = startThreads(max(count, 1) - 1, body)
        body()
        finished.wait()
    }

    /// Starts `count` threads running `body`; the group is left when all have finished.
    private static func startThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let finished = DispatchGroup()
        for _ in 0..<max(count, 0) {
            finished.enter()
            let thread = Thread {
                body()
                finished.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        return finished
    }
}
