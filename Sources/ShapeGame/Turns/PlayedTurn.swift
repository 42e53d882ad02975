/// A turn after the player tapped a shape.
public struct PlayedTurn: Sendable {
    /// The turn that was played.
    public let turn: Turn
    /// The shape the player tapped.
    public let choice: ShapeLabel

    package init(turn: Turn, choice: ShapeLabel) {
        self.turn = turn
        self.choice = choice
    }

    /// Whether the tapped shape's area is at least the other's (the tutorial's rule: a tie matches either way).
    public var matched: Bool { turn.isMatch(tapping: choice) }
}
