// The quest rows of docs/play.md's table without building the CLI: this file compiled with
// `swiftc -O` together with the ShapeGame sources quest and ProcedureSimulation need (command in
// docs/play.md). ShapeGameError and AdaptiveProcedure are stubbed here, as the real ones pull in
// the rest of ShapeGame. Prints one table row per cell: 50 turns, seed 1, RUNS (argument) runs.
package protocol AdaptiveProcedure: Sendable {
    var nextRatio: Double { get }
    var isFinished: Bool { get }
    var estimate: ThresholdEstimate { get }
    mutating func record(ratio: Double, correct: Bool)
}

package enum ShapeGameError: Error { case procedureSetting(String, String) }

@main struct QuestTable {
    static func main() throws {
        let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 400
        let grid = try QuestGrid(parameters: .default)
        for lapse in [0.0, 0.05] {
            for weber in [0.05, 0.1, 0.2, 0.4] {
                let observer = WeberObserver(threshold: 1 + weber, lapse: lapse)
                let simulation = ProcedureSimulation(procedure: Quest(grid: grid), observer: observer, seed: 1)
                guard let summary = simulation.run(runs: runs, turns: 50, checkpoints: [50]).first else { continue }
                func percent(_ value: Double, sign: Bool = false) -> String {
                    let tenths = (value * 1000).rounded() / 10
                    return (sign && tenths >= 0 ? "+" : "") + "\(tenths)%"
                }
                print(
                    "| \(weber) | \(lapse) | quest | \(percent(summary.bias, sign: true)) | \(percent(summary.spread)) "
                        + "| \(percent(summary.typicalError)) | \(percent(summary.withinQuarter)) "
                        + "| \(percent(summary.coverage ?? .nan)) |")
            }
        }
    }
}
