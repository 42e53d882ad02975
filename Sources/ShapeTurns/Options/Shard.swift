/// One of N parts of a set, so several processes or machines can render it together:
/// shard K of N renders turns ⌊(K−1)·T/N⌋+1 through ⌊K·T/N⌋ of a T-turn set.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// K: this shard's number, 1 to N.
    public let index: Int
    /// N: the number of shards.
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
    package func turns(ofSetWith total: Int) -> ClosedRange<Int>? {
        let first = (index - 1) * total / count + 1
        let last = index * total / count
        return first <= last ? first...last : nil
    }

    /// With `--pack tar`, this part's turns when the set is divided by whole tar shards of
    /// `shardTurns` turns: of the set's M tar shards, part K of N writes shards ⌊(K−1)·M/N⌋ up to
    /// (not including) ⌊K·M/N⌋, so the parts together write exactly the shards of one run.
    public func turns(ofSetWith total: Int, tarShardTurns shardTurns: Int) -> ClosedRange<Int>? {
        let shardCount = (total + shardTurns - 1) / shardTurns
        let first = (index - 1) * shardCount / count
        let end = index * shardCount / count
        return first < end ? (first * shardTurns + 1)...min(end * shardTurns, total) : nil
    }

    /// Marks a finished shard inside `shards/`.
    var doneFile: String { "\(SetLayout.shardsFolder)/shard-\(index)-of-\(count).done" }
    /// The shard's lines of `answers.jsonl`, in turn order.
    var answersFile: String { "\(SetLayout.shardsFolder)/answers-\(index)-of-\(count).jsonl" }
}
