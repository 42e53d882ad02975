import Foundation

/// Runs render commands on `jobs` threads of its own, one bounded batch at a time, and hands
/// their results back in turn order (the tutorial's Command and Invoker). Whatever the set's
/// size, at most one batch of results is held in memory. (Dispatch's `concurrentPerform` would
/// quietly run no more threads than the machine has cores, whatever `--jobs` says.)
struct RenderInvoker {
    let jobs: Int

    /// Turns per batch: enough to keep every thread busy, few enough to report progress often.
    var batchSize: Int { jobs * 32 }

    /// Executes `command` for every turn, calling `deliver` with the results in turn order after
    /// each batch; stops at the first failure, reporting the earliest failing turn's error.
    func run<Output: Sendable>(
        turns: ClosedRange<Int>,
        command: @escaping @Sendable (Int) throws(ShapeTurnsError) -> Output,
        deliver: ([Output]) throws(ShapeTurnsError) -> Void
    ) throws(ShapeTurnsError) {
        var start = turns.lowerBound
        while start <= turns.upperBound {
            let end = min(turns.upperBound, start + batchSize - 1)
            let batch = BatchResults<Output>(first: start, count: end - start + 1)
            Self.onThreads(min(jobs, batch.count)) {
                while let number = batch.claimNext() {
                    do throws(ShapeTurnsError) {
                        batch.store(.success(try command(number)), forTurn: number)
                    } catch {
                        batch.store(.failure(error), forTurn: number)
                    }
                }
            }
            try deliver(try batch.results())
            start = end + 1
        }
    }

    /// Runs `body` on `count` threads at once (the calling thread is one of them) and returns
    /// when every one has finished.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let finished = DispatchGroup()
        for _ in 1..<max(count, 1) {
            finished.enter()
            let thread = Thread {
                body()
                finished.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        body()
        finished.wait()
    }
}
