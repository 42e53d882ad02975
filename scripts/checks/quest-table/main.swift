// The quest and staircase rows of docs/play.md's table without building the CLI: this file
// compiled with `swiftc -O` together with the ShapeGame sources the procedures and
// ProcedureSimulation need (command in docs/play.md). ShapeGameError and AdaptiveProcedure are
// stubbed here, as the real ones pull in the rest of ShapeGame. Usage: quest-table [RUNS [TURNS]]
// prints, for each of the eight cells, one row per procedure at TURNS (default 50) turns,
// seed 1, RUNS (default 400) runs — the same games `shapeturns simulate --seed 1` plays.
// For experiments, QUEST_SLOPES, QUEST_LAPSES and QUEST_LAPSE_WEIGHTS (comma-separated numbers)
// replace quest's default grids, e.g. QUEST_SLOPES=1 QUEST_LAPSES=0 QUEST_LAPSE_WEIGHTS=1 for a
// quest told the observer's slope and (in the lapse-0 rows) its lapse.
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
        let grid = try QuestGrid(parameters: parameters)
        let procedures: [(String, any AdaptiveProcedure)] = [
            ("quest", Quest(grid: grid)), ("staircase", try Staircase(parameters: .default)),
        ]
        func percent(_ value: Double?, sign: Bool = false) -> String {
            guard let value else { return "—" }
            let tenths = (value * 1000).rounded() / 10
            return (sign && tenths >= 0 ? "+" : "") + "\(tenths)%"
        }
        for weber in [0.05, 0.1, 0.2, 0.4] {
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
                            + "| \(percent(summary.withinQuarter)) | \(percent(summary.coverage)) |")
                }
            }
        }
    }
}
