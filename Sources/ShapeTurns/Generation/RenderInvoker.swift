import Foundation

/// Runs render commands on `jobs` threads, one bounded batch at a time, and hands their results
/// back in turn order (the tutorial's Command and Invoker). Whatever the set's size, at most one
/// batch of results is held in memory.
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
            let workers = min(jobs, batch.count)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
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
}

/// The results of one batch, filled in by several threads.
private final class BatchResults<Output: Sendable>: @unchecked Sendable {
    let first: Int
    let count: Int
    private var next = 0
    private var failed = false
    private var slots: [Result<Output, ShapeTurnsError>?]
    private let lock = NSLock()

    init(first: Int, count: Int) {
        self.first = first
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    /// The next turn nobody has taken, or `nil` when the batch is handed out or has failed.
    func claimNext() -> Int? {
        lock.withLock {
            guard next < count, !failed else { return nil }
            defer { next += 1 }
            return first + next
        }
    }

    func store(_ result: Result<Output, ShapeTurnsError>, forTurn number: Int) {
        lock.withLock {
            slots[number - first] = result
            if case .failure = result {
                failed = true
            }
        }
    }

    /// Every result in order, or the first failure.
    func results() throws(ShapeTurnsError) -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(count)
        for slot in slots {
            switch slot {
            case .success(let output): outputs.append(output)
            case .failure(let error): throw error
            case nil: continue
            }
        }
        return outputs
    }
}
