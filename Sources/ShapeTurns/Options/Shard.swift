/// One of N parts of a set, so several processes or machines can render it together:
/// shard K of N renders turns ⌊(K−1)·T/N⌋+1 through ⌊K·T/N⌋ of a T-turn set.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Accepts `K/N` with 1 ≤ K ≤ N ≤ 100,000.
    public init(parsing text: String) throws(ShapeTurnsError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              (1...100_000).contains(count), (1...count).contains(index) else {
            throw .invalidOption("--shard", reason: "must be K/N with 1 <= K <= N, like 2/8 (got '\(text)')")
        }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's turns of a `total`-turn set; empty when there are more shards than turns.
    public func turns(ofSetWith total: Int) -> ClosedRange<Int>? {
        let first = (index - 1) * total / count + 1
        let last = index * total / count
        return first <= last ? first...last : nil
    }

    /// Marks a finished shard inside `shards/`.
    var doneFile: String { "\(SetLayout.shardsFolder)/shard-\(index)-of-\(count).done" }
    /// The size and CRC-32 of each of the shard's finished turns (see `TurnJournal`).
    var journalFile: String { "\(SetLayout.shardsFolder)/journal-\(index)-of-\(count)" }
    /// What the shard was made with, checked by `merge` against the set's run record.
    var recordFile: String { "\(SetLayout.shardsFolder)/run-\(index)-of-\(count).json" }
    /// Held (flock) while the shard renders, so two runs of one shard cannot overlap.
    var lockFile: String { "\(SetLayout.shardsFolder)/shard-\(index)-of-\(count).lock" }
    /// The shard's lines of `answers.jsonl`, in turn order.
    var answersFile: String { "\(SetLayout.shardsFolder)/answers-\(index)-of-\(count).jsonl" }
}
