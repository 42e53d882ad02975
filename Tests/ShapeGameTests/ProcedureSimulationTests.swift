import ShapeGame
import Testing

/// The procedures against Weber-law observers over seeded runs: enough runs to fail a broken
/// procedure, few enough for a debug build (the full table, 1,000 runs a cell, is
/// scripts/benchmark-procedures).
@Suite("Adaptive procedures against simulated observers")
struct ProcedureSimulationTests {
    struct Cell: Sendable, CustomTestStringConvertible {
        let weberFraction: Double
        let lapse: Double
        var testDescription: String { "w=\(weberFraction) λ=\(lapse)" }
    }

    static let cells = [
        Cell(weberFraction: 0.05, lapse: 0), Cell(weberFraction: 0.4, lapse: 0.05),
        Cell(weberFraction: 0.1, lapse: 0.05), Cell(weberFraction: 0.2, lapse: 0),
    ]
    static let grid = Result { try QuestGrid(parameters: .default) }

    @Test(arguments: cells)
    func questFindsTheThresholdAndItsIntervalCoversIt(cell: Cell) throws {
        let observer = WeberObserver(threshold: 1 + cell.weberFraction, lapse: cell.lapse)
        let simulation = ProcedureSimulation(procedure: Quest(grid: try Self.grid.get()), observer: observer, seed: 11)
        let summaries = simulation.run(runs: 60, turns: 50, checkpoints: [10, 50])
        let early = try #require(summaries.first)
        let summary = try #require(summaries.last)
        #expect(summary.runs == 60 && summary.turns == 50)
        // Measured at 50 turns (docs/play.md, 400 runs a cell): typical error 28–38%, 56–73% within
        // ±25%, bias −8% to +7%, coverage 95–98%; these four cells at seed 11, 60 runs: 25–41%,
        // 58–83%, −7.4% to +5.7%, 93–98%. The aims (25%, 70%, 5%) are not reached yet;
        // these bounds hold what is reached, with room for 60 runs' sampling noise, and fail a
        // broken procedure (or the Weibull model's −12% bias).
        #expect(summary.typicalError <= 0.45, "\(summary)")
        #expect(summary.withinQuarter >= 0.55, "\(summary)")
        #expect(abs(summary.bias) <= 0.1, "\(summary)")
        let coverage = try #require(summary.coverage)
        #expect((0.9...1).contains(coverage), "\(summary)")
        #expect(summary.typicalError < early.typicalError, "more turns, smaller errors")
    }

    @Test(arguments: cells)
    func staircaseConvergesNearTheThreshold(cell: Cell) throws {
        let observer = WeberObserver(threshold: 1 + cell.weberFraction, lapse: cell.lapse)
        let simulation = ProcedureSimulation(procedure: try Staircase(), observer: observer, seed: 11)
        let summary = try #require(simulation.run(runs: 100, turns: 50, checkpoints: [50]).last)
        // 1-up/3-down aims at 79.4% correct, above the 75% threshold: a positive bias is expected.
        #expect(summary.typicalError <= 1.3, "\(summary)")
        #expect((-0.3...0.6).contains(summary.bias), "\(summary)")
        #expect(summary.coverage == nil)
    }

    @Test func estimatesFollowTheObserver() throws {
        let grid = try Self.grid.get()
        let estimates = [0.05, 0.1, 0.2, 0.4].map { weber in
            let observer = WeberObserver(threshold: 1 + weber, lapse: 0.02)
            let summary = ProcedureSimulation(procedure: Quest(grid: grid), observer: observer, seed: 5)
                .run(runs: 10, turns: 40, checkpoints: [40])
            return (1 + summary[0].bias) * weber
        }
        #expect(estimates == estimates.sorted())
    }

    @Test func sameSeedSameSummary() throws {
        let observer = WeberObserver(threshold: 1.1, lapse: 0)
        let simulation = ProcedureSimulation(procedure: try Staircase(), observer: observer, seed: 2)
        #expect(
            simulation.run(runs: 20, turns: 30, checkpoints: [30])
                == simulation.run(runs: 20, turns: 30, checkpoints: [30]))
    }
}
