import ShapeGame

/// One line of a responses file: which shape the player picked on which turn.
package struct Response: Sendable, Equatable {
    /// The turn answered.
    package let turn: Int
    /// The shape the player chose.
    package let choice: ShapeLabel
    /// The 1-based line of the file it came from, for messages.
    package let line: Int

    /// A response: on turn `turn` the player chose `choice`; `line` is where it was read, for messages.
    package init(turn: Int, choice: ShapeLabel, line: Int) {
        self.turn = turn
        self.choice = choice
        self.line = line
    }
}
