import ShapeGame

/// One line of a responses file: which shape the player picked on which turn.
public struct Response: Sendable, Equatable {
    public let turn: Int
    /// The shape picked; `nil` for an answer left blank (an empty choice cell).
    public let choice: ShapeLabel?
    /// The 1-based line of the file it came from, for messages.
    public let line: Int

    public init(turn: Int, choice: ShapeLabel?, line: Int) {
        self.turn = turn
        self.choice = choice
        self.line = line
    }
}
