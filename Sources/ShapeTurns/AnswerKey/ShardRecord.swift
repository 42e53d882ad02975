/// One tar shard of a set, as `manifest.json` lists it: enough to fetch, check and pick shards
/// without opening them.
public struct ShardRecord: Sendable, Equatable, Codable {
    /// The shard's path relative to the set folder.
    public var file: String
    /// The split it belongs to, in a set made with `--split`.
    public var split: String?
    /// The first turn number it holds (with splits, it holds only that split's turns from here to `lastTurn`).
    public var firstTurn: Int
    /// The last turn number it holds.
    public var lastTurn: Int
    /// How many turns (samples) it holds.
    public var turns: Int
    /// Its size in bytes.
    public var bytes: Int
    /// Its SHA-256, as 64 lowercase hex digits.
    public var sha256: String
}
