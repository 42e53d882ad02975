import ShapeGame

/// The result of scoring a player's responses against a set's key; `--json` prints it as is.
public struct ScoreReport: Sendable, Equatable, Codable {
    /// One scored turn.
    public struct Line: Sendable, Equatable, Codable {
        public var turn: Int
        public var choice: ShapeLabel
        public var larger: ShapeLabel
        public var correct: Bool
        /// The points the scorer chain gave this turn.
        public var increment: Int
        /// The running score after this turn.
        public var score: Int
    }

    public var total: Int
    /// Turns with a response.
    public var answered: Int
    public var correct: Int
    /// Turns of the set without a response; they are not scored.
    public var unanswered: Int
    public var turns: [Line]
}
