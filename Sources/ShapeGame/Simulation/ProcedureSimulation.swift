/// Plays seeded games between an adaptive procedure and a simulated observer, and summarises the
/// estimates at several game lengths: how an experimenter chooses the number of turns, and how
/// the tests check a procedure.
package struct ProcedureSimulation: Sendable {
    package let procedure: any AdaptiveProcedure
    package let observer: any SimulatedObserver
    package let seed: UInt64

    package init(procedure: any AdaptiveProcedure, observer: any SimulatedObserver, seed: UInt64) {
        self.procedure = procedure
        self.observer = observer
        self.seed = seed
    }

    /// The game lengths reported for games of `turns`: the usual lengths below it, and itself.
    package static func checkpoints(upTo turns: Int) -> [Int] {
        [10, 20, 30, 50, 80, 100, 150, 200, 300, 500].filter { $0 < turns } + [turns]
    }

    /// Plays `runs` games of up to `turns` turns (run k drawing from `RandomStream(seed:turn: k)`)
    /// and summarises the estimates at each of `checkpoints` (ascending, each at most `turns`).
    package func run(runs: Int, turns: Int, checkpoints: [Int]) -> [SimulationSummary] {
        var estimates = Array(repeating: [ThresholdEstimate](), count: checkpoints.count)
        var played = Array(repeating: [Int](), count: checkpoints.count)
        for run in 0..<max(runs, 0) {
            var game = procedure
            var random = RandomStream(seed: seed, turn: run)
            var checkpoint = 0
            var turn = 0
            while checkpoint < checkpoints.count {
                if turn == checkpoints[checkpoint] || (game.isFinished && turn > 0) {
                    estimates[checkpoint].append(game.estimate)
                    played[checkpoint].append(turn)
                    checkpoint += 1
                    continue
                }
                let ratio = game.nextRatio
                let right = random.nextUnit() < observer.probabilityRight(ratio: ratio)
                game.record(ratio: ratio, correct: right)
                turn += 1
            }
        }
        return checkpoints.indices.map {
            SimulationSummary(
                turns: checkpoints[$0], estimates: estimates[$0], turnsPlayed: played[$0], truth: observer.threshold)
        }
    }
}
