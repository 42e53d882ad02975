/// +10 on every turn while the run of matched turns ending at the newest is `minimumStreak`
/// (5) or longer: turns 5, 6, 7, ... of a streak each earn it.
package struct StreakScorer: Scorer {
    /// The length of a run of correct answers from which each turn earns the bonus.
    package let minimumStreak: Int
    /// The points added on each turn of a long enough streak.
    package let bonus: Int

    /// A scorer that adds `bonus` on every turn ending a run of at least `minimumStreak` correct answers.
    package init(minimumStreak: Int = 5, bonus: Int = 10) {
        self.minimumStreak = minimumStreak
        self.bonus = bonus
    }

    /// `bonus` when the run of correct answers ending at the newest turn is `minimumStreak` or longer, else 0.
    package func increment(forTurnsNewestFirst turns: some Sequence<PlayedTurn>) -> Int {
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
