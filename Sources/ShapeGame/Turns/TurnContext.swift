/// What a strategy knows when it makes a turn.
public struct TurnContext: Sendable {
    /// The turn's 1-based position in its set.
    public let number: Int
    /// How many turns the set has (graded strategies spread difficulty over them).
    public let count: Int
    /// The turns played so far, oldest first, as the tutorial's strategies receive them. In a
    /// generated set nobody has played yet, so this is empty and a turn depends only on its
    /// seed and number.
    public let pastTurns: [PlayedTurn]

    public init(number: Int, count: Int, pastTurns: [PlayedTurn] = []) {
        self.number = number
        self.count = count
        self.pastTurns = pastTurns
    }
}
