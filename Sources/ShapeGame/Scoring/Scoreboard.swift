/// Keeps the played turns and the running score, asking an injected scorer for each increment.
public struct Scoreboard: Sendable {
    /// The scorer that scores each turn.
    package let scorer: any Scorer
    /// Every turn recorded so far, oldest first.
    package private(set) var playedTurns: [PlayedTurn] = []
    /// The running score.
    public private(set) var score = 0

    /// An empty scoreboard that scores with `scorer` (the tutorial's chain by default).
    public init(scorer: any Scorer = ScorerChain.tutorial) {
        self.scorer = scorer
    }

    /// Records the player's tap on `turn` and scores it.
    public mutating func record(_ turn: Turn, choice: ShapeLabel) -> ScoredTurn {
        let played = PlayedTurn(turn: turn, choice: choice)
        playedTurns.append(played)
        let increment = scorer.increment(forTurnsNewestFirst: playedTurns.reversed())
        score += increment
        return ScoredTurn(
            number: turn.number, choice: choice, larger: turn.larger,
            matched: played.matched, increment: increment, score: score
        )
    }
}
