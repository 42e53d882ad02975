import ShapeGame

/// The result of scoring a player's responses against a set's key; `--json` prints it as is.
public struct ScoreReport: Sendable, Equatable, Codable {
    /// One scored turn.
    public struct Line: Sendable, Equatable, Codable {
        /// The turn.
        public var turn: Int
        /// The shape the player chose.
        public var choice: ShapeLabel
        /// The right answer.
        public var larger: ShapeLabel
        /// Whether the choice was right.
        public var correct: Bool
        /// The points the scorer chain gave this turn.
        public var increment: Int
        /// The running score after this turn.
        public var score: Int
    }

    /// The final score.
    public var total: Int
    /// Turns with a response.
    public var answered: Int
    /// Answered turns that were right.
    public var correct: Int
    /// Turns of the set without a response; they are not scored.
    public var unanswered: Int
    /// One line per answered turn, in turn order.
    public var turns: [Line]
}
