import Foundation

/// The results of one batch, filled in by several threads.
final class BatchResults<Output: Sendable>: @unchecked Sendable {
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

    /// Every result in order, or the first failure; a turn that has no result (none failed,
    /// yet it was never stored) is reported as such rather than dropped.
    func results() throws(ShapeTurnsError) -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(count)
        for (offset, slot) in slots.enumerated() {
            switch slot {
            case .success(let output): outputs.append(output)
            case .failure(let error): throw error
            case nil: throw .rendering("turn \(first + offset) has no result: it was never rendered")
            }
        }
        return outputs
    }
}
