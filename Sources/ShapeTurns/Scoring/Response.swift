import ShapeGame

/// One line of a responses file: which shape the player picked on which turn.
public struct Response: Sendable, Equatable {
    /// The turn answered.
    public let turn: Int
    /// The shape the player chose.
    public let choice: ShapeLabel
    /// The 1-based line of the file it came from, for messages.
    public let line: Int

    /// A response: on turn `turn` the player chose `choice`; `line` is where it was read, for messages.
    public init(turn: Int, choice: ShapeLabel, line: Int) {
        self.turn = turn
        self.choice = choice
        self.line = line
    }
}
