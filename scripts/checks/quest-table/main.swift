// The quest and staircase rows of docs/play.md's table without building the CLI: this file
// compiled with `swiftc -O` together with the ShapeGame sources the procedures and
// ProcedureSimulation need (command in docs/play.md). ShapeGameError and AdaptiveProcedure are
// stubbed here, as the real ones pull in the rest of ShapeGame. Usage: quest-table [RUNS [TURNS]]
// prints, for each of the eight cells, one row per procedure at TURNS (default 50) turns,
// seed 1, RUNS (default 400) runs — the same games `shapeturns simulate --seed 1` plays.
// For experiments, QUEST_SLOPES, QUEST_LAPSES and QUEST_LAPSE_WEIGHTS (comma-separated numbers)
// replace quest's default grids, e.g. QUEST_SLOPES=1 QUEST_LAPSES=0 QUEST_LAPSE_WEIGHTS=1 for a
// quest told the observer's slope and (in the lapse-0 rows) its lapse; QUEST_PRIOR (a ratio) and
// QUEST_PRIOR_SD (log10 units) set the threshold prior; QUEST_WEBERS (comma-separated) replaces the
// cells' Weber fractions, QUEST_ONLY=1 leaves out staircase, and QUEST_FUN=1 adds each quest row's
// first ratio and the observer's expected share right in turns 1-10 and 1-TURNS.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
package protocol AdaptiveProcedure: Sendable {
    var nextRatio: Double { get }
    var isFinished: Bool { get }
    var estimate: ThresholdEstimate { get }
    mutating func record(ratio: Double, correct: Bool)
}

package enum ShapeGameError: Error { case procedureSetting(String, String) }

@main struct QuestTable {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let runs = arguments.first ?? 400
        let turns = arguments.dropFirst().first ?? 50
        func numbers(_ name: String) -> [Double]? {
            getenv(name).map { String(cString: $0).split(separator: ",").compactMap { Double($0) } }
        }
        var parameters = QuestParameters.default
        parameters.slopes = numbers("QUEST_SLOPES") ?? parameters.slopes
        parameters.lapses = numbers("QUEST_LAPSES") ?? parameters.lapses
        parameters.lapseWeights = numbers("QUEST_LAPSE_WEIGHTS") ?? parameters.lapseWeights
        parameters.thresholdPriorCentre = numbers("QUEST_PRIOR")?.first ?? parameters.thresholdPriorCentre
        parameters.thresholdPriorSpread = numbers("QUEST_PRIOR_SD")?.first ?? parameters.thresholdPriorSpread
        let grid = try QuestGrid(parameters: parameters)
        var procedures: [(String, any AdaptiveProcedure)] = [("quest", Quest(grid: grid))]
        if getenv("QUEST_ONLY") == nil { procedures.append(("staircase", try Staircase(parameters: .default))) }
        let fun = getenv("QUEST_FUN") != nil
        func percent(_ value: Double?, sign: Bool = false) -> String {
            guard let value else { return "—" }
            let tenths = (value * 1000).rounded() / 10
            return (sign && tenths >= 0 ? "+" : "") + "\(tenths)%"
        }
        for weber in numbers("QUEST_WEBERS") ?? [0.05, 0.1, 0.2, 0.4] {
            for lapse in [0.0, 0.05] {
                let observer = WeberObserver(threshold: 1 + weber, lapse: lapse)
                for (name, procedure) in procedures {
                    let simulation = ProcedureSimulation(procedure: procedure, observer: observer, seed: 1)
                    guard let summary = simulation.run(runs: runs, turns: turns, checkpoints: [turns]).first else {
                        continue
                    }
                    print(
                        "| \(weber) | \(lapse) | \(name) | \(percent(summary.bias, sign: true)) "
                            + "| \(percent(summary.spread)) | \(percent(summary.typicalError)) "
                            + "| \(percent(summary.withinQuarter)) | \(percent(summary.coverage)) |"
                            + (fun && name == "quest" ? funColumns(procedure, observer, runs: runs, turns: turns) : ""))
                }
            }
        }
    }

    /// The first ratio shown and the observer's expected share of right answers over turns 1-10
    /// and over the whole game (how easy the game feels), averaged over the same seeded games.
    static func funColumns(_ procedure: any AdaptiveProcedure, _ observer: WeberObserver, runs: Int, turns: Int)
        -> String
    {
        var early = 0.0
        var all = 0.0
        for run in 0..<runs {
            var game = procedure
            var random = RandomStream(seed: 1, turn: run)
            for turn in 0..<turns {
                let chance = observer.probabilityRight(ratio: game.nextRatio)
                if turn < 10 { early += chance }
                all += chance
                game.record(ratio: game.nextRatio, correct: random.nextUnit() < chance)
            }
        }
        let first = (procedure.nextRatio * 1000).rounded() / 1000
        let earlyShare = (early / Double(runs * 10) * 1000).rounded() / 10
        let allShare = (all / Double(runs * turns) * 1000).rounded() / 10
        return " \(first) | \(earlyShare)% | \(allShare)% |"
    }
}
