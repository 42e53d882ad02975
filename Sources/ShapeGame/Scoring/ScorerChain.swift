/// Scorers linked one after another (the tutorial's Chain of Responsibility): the newest turn
/// is handed down the chain and each link adds its increment.
public struct ScorerChain: Scorer {
    /// The scorers whose increments are added, in order.
    package let links: [any Scorer]

    /// A chain that adds up the increments of `links`, in order.
    package init(_ links: [any Scorer]) {
        self.links = links
    }

    /// The tutorial's chain: `MatchScorer` then `StreakScorer`; five matched turns score 15.
    public static let tutorial = ScorerChain([MatchScorer(), StreakScorer()])

    /// The sum of every link's increment for the newest turn.
    public func increment(forTurnsNewestFirst turns: some Sequence<PlayedTurn>) -> Int {
        links.reduce(0) { total, link in total + link.increment(forTurnsNewestFirst: turns) }
    }
}
