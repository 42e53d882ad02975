import ShapeRendering

/// `manifest.json`: what made a set and what it holds. No timestamps or paths, so two runs with
/// the same options give the same bytes.
public struct SetManifest: Sendable, Equatable, Codable {
    public struct Counts: Sendable, Equatable, Codable {
        public var turns: Int
        public var largerA: Int
        public var largerB: Int
        /// Image files written, by format.
        public var images: [String: Int]
        /// Turns per split, in a set made with `--split`.
        public var splits: [String: Int]?
    }

    public var schemaVersion = TurnAnswer.schemaVersion
    public var tool = "shapeturns"
    public var toolVersion = ShapeTurnsVersion.current
    public var cairoVersion = CairoVersion.string
    public var options: GenerateOptions
    public var counts: Counts
    /// The set-wide answer key, one JSON object per line.
    public var answers = SetLayout.answersFile
    /// The tar shards, in path order, with `--pack tar`.
    public var shards: [ShardRecord]?

    public init(options: GenerateOptions, counts: Counts) {
        self.options = options
        self.counts = counts
    }
}
