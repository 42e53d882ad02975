import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsAudit
import ShapeTurnsCore

/// `manifest.json`: what made a set and what it holds. No timestamps or paths, so two runs with
/// the same options give the same bytes.
public struct SetManifest: Sendable, Equatable, Codable {
    /// How many turns and images a set holds.
    public struct Counts: Sendable, Equatable, Codable {
        /// Turns in the set.
        public var turns: Int
        /// Turns whose larger shape is A.
        public var largerA: Int
        /// Turns whose larger shape is B.
        public var largerB: Int
        /// Image files written, by format.
        package var images: [String: Int]
        /// Turns per split, in a set made with `--split`.
        package var splits: [String: Int]?
    }

    /// The schema version of the manifest and answer key, 1.
    package var schemaVersion = TurnAnswer.schemaVersion
    /// `shapeturns`.
    package var tool = "shapeturns"
    /// The ShapeTurns version that made the set.
    package var toolVersion = ShapeTurnsVersion.current
    /// The Cairo version that drew the set.
    package var cairoVersion = CairoVersion.string
    /// Every option the set was made with.
    public var options: GenerateOptions
    /// What the set holds.
    public var counts: Counts
    /// The set-wide answer key, one JSON object per line.
    package var answers = SetLayout.answersFile
    /// The tar shards, in path order, with `--pack tar`.
    package var shards: [ShardRecord]?
    /// With `--balance`, the ordered kind pairs (A's kind, B's kind, as `square|star`) the set's
    /// turns are drawn from (`nil` without `--balance`).
    package var balancedKindPairs: [String]?
    /// How well each cue but area predicts the label, per split (`nil` in manifests written
    /// before the audit existed).
    public var audit: ShortcutAudit?

    package init(options: GenerateOptions, counts: Counts) {
        self.options = options
        self.counts = counts
    }
}
