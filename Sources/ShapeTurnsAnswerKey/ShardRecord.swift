import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// One tar shard of a set, as `manifest.json` lists it: enough to fetch, check and pick shards
/// without opening them.
package struct ShardRecord: Sendable, Equatable, Codable {
    /// The shard's path relative to the set folder.
    package var file: String
    /// The split it belongs to, in a set made with `--split`.
    package var split: String?
    /// The first turn number it holds (with splits, it holds only that split's turns from here to `lastTurn`).
    package var firstTurn: Int
    /// The last turn number it holds.
    package var lastTurn: Int
    /// How many turns (samples) it holds.
    package var turns: Int
    /// Its size in bytes.
    package var bytes: Int
    /// Its SHA-256, as 64 lowercase hex digits.
    package var sha256: String

    package init(
        file: String, split: String? = nil, firstTurn: Int, lastTurn: Int, turns: Int, bytes: Int, sha256: String
    ) {
        self.file = file
        self.split = split
        self.firstTurn = firstTurn
        self.lastTurn = lastTurn
        self.turns = turns
        self.bytes = bytes
        self.sha256 = sha256
    }
}
