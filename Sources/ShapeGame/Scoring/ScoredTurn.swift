/// One turn's line on the scoreboard.
public struct ScoredTurn: Sendable, Equatable {
    public let number: Int
    public let choice: ShapeLabel
    public let larger: ShapeLabel
    public let matched: Bool
    public let increment: Int
    /// The running score after this turn.
    public let score: Int
}
