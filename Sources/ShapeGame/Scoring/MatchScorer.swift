/// +1 when the newest turn matched, −1 when it did not.
package struct MatchScorer: Scorer {
    /// The tutorial's match scorer: +1 for a match, −1 otherwise.
    package init() {}

    /// +1 when the newest turn was a match, −1 otherwise.
    package func increment(forTurnsNewestFirst turns: some Sequence<PlayedTurn>) -> Int {
        var iterator = turns.makeIterator()
        guard let newest = iterator.next() else { return 0 }
        return newest.matched ? 1 : -1
    }
}
