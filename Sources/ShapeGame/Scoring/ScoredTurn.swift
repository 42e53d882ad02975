/// One turn's line on the scoreboard.
public struct ScoredTurn: Sendable, Equatable {
    /// The turn's number in the set.
    public let number: Int
    /// The shape the player tapped.
    public let choice: ShapeLabel
    /// The shape with the larger area: the right answer.
    public let larger: ShapeLabel
    /// Whether the tapped shape's area is at least the other's.
    public let matched: Bool
    /// The points this turn earned (negative for a miss).
    public let increment: Int
    /// The running score after this turn.
    public let score: Int
}
