/// Scores the newest turn of a game (the tutorial's Command): each scorer looks at the turns
/// played so far, newest first, and answers how many points it adds.
///
/// Scorers walk the turns with an iterator and stop as soon as they know (the tutorial's
/// Iterator), and are linked into a `ScorerChain` (its Chain of Responsibility).
public protocol Scorer: Sendable {
    /// The points the newest turn earns, given every turn played so far, newest first.
    func increment(forTurnsNewestFirst turns: some Sequence<PlayedTurn>) -> Int
}
