import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// One line of a responses file: which shape the player picked on which turn.
package struct Response: Sendable, Equatable {
    package let turn: Int
    /// The shape picked; `nil` for an answer left blank (an empty choice cell).
    package let choice: ShapeLabel?
    /// The 1-based line of the file it came from, for messages.
    package let line: Int

    package init(turn: Int, choice: ShapeLabel?, line: Int) {
        self.turn = turn
        self.choice = choice
        self.line = line
    }
}
