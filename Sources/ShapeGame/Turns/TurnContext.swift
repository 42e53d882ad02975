/// What a strategy knows when it makes a turn.
package struct TurnContext: Sendable {
    /// The turn's 1-based position in its set.
    package let number: Int
    /// How many turns the set has (graded strategies spread difficulty over them).
    package let count: Int
    /// The turns played so far, oldest first, as the tutorial's strategies receive them. In a
    /// generated set nobody has played yet, so this is empty and a turn depends only on its
    /// seed and number.
    package let pastTurns: [PlayedTurn]

    package init(number: Int, count: Int, pastTurns: [PlayedTurn] = []) {
        self.number = number
        self.count = count
        self.pastTurns = pastTurns
    }
}
