import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// One of N parts of a set, so several processes or machines can render it together:
/// shard K of N renders turns ⌊(K−1)·T/N⌋+1 through ⌊K·T/N⌋ of a T-turn set.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// K: this shard's number, 1 to N.
    public let index: Int
    /// N: the number of shards.
    public let count: Int

    /// The most parts a set can be split into.
    package static let countLimit = 100_000

    /// Accepts `K/N` with 1 ≤ K ≤ N ≤ 100,000.
    public init(parsing text: String) throws(ShapeTurnsError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.countLimit).contains(count), (1...count).contains(index)
        else {
            throw .invalidOption(
                .shard, reason: "must be K/N with 1 <= K <= N <= \(Self.countLimit), like 2/8 (got '\(text)')")
        }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's turns of a `total`-turn set; empty when there are more shards than turns.
    package func turns(ofSetWith total: Int) -> ClosedRange<Int>? {
        guard total > 0 else { return nil }
        let first = Self.part(index - 1, of: total, in: count) + 1
        let last = Self.part(index, of: total, in: count)
        return first <= last ? first...last : nil
    }

    /// ⌊k·total/count⌋ without overflow for any positive total.
    private static func part(_ k: Int, of total: Int, in count: Int) -> Int {
        count.dividingFullWidth(k.multipliedFullWidth(by: total)).quotient
    }

    /// With `--pack tar`, this part's turns when the set is divided by whole tar shards of
    /// `shardTurns` turns: of the set's M tar shards, part K of N writes shards ⌊(K−1)·M/N⌋ up to
    /// (not including) ⌊K·M/N⌋, so the parts together write exactly the shards of one run.
    package func turns(ofSetWith total: Int, tarShardTurns shardTurns: Int) -> ClosedRange<Int>? {
        guard total > 0, shardTurns > 0 else { return nil }
        let shardCount = (total - 1) / shardTurns + 1
        let first = Self.part(index - 1, of: shardCount, in: count)
        let end = Self.part(index, of: shardCount, in: count)
        return first < end ? (first * shardTurns + 1)...min(end * shardTurns, total) : nil
    }

    /// Marks a finished shard inside `shards/`.
    package var doneFile: String { "\(SetLayout.shardsFolder)/shard-\(index)-of-\(count).done" }
    /// The size and CRC-32 of each of the shard's finished turns (see `TurnJournal`).
    package var journalFile: String { "\(SetLayout.shardsFolder)/journal-\(index)-of-\(count)" }
    /// What the shard was made with, checked by `merge` against the set's run record.
    package var recordFile: String { "\(SetLayout.shardsFolder)/run-\(index)-of-\(count).json" }
    /// Held (flock) while the shard renders, so two runs of one shard cannot overlap.
    package var lockFile: String { "\(SetLayout.shardsFolder)/shard-\(index)-of-\(count).lock" }
    /// The shard's lines of `answers.jsonl`, in turn order.
    package var answersFile: String { "\(SetLayout.shardsFolder)/answers-\(index)-of-\(count).jsonl" }
}
