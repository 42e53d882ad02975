/// +10 on every turn while the run of matched turns ending at the newest is `minimumStreak`
/// (5) or longer: turns 5, 6, 7, ... of a streak each earn it.
public struct StreakScorer: Scorer {
    public let minimumStreak: Int
    public let bonus: Int

    public init(minimumStreak: Int = 5, bonus: Int = 10) {
        self.minimumStreak = minimumStreak
        self.bonus = bonus
    }

    public func increment(forTurnsNewestFirst turns: some Sequence<PlayedTurn>) -> Int {
        var streak = 0
        for turn in turns {
            guard turn.matched else { break }
            streak += 1
            if streak >= minimumStreak {
                return bonus
            }
        }
        return 0
    }
}
