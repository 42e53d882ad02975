import ArgumentParser
import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns simulate`: plays adaptive games against a simulated observer and prints how good
/// the estimates are, by game length.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract:
            "Play adaptive games against a simulated player and print the estimates' bias, spread and coverage by game length.",
        discussion: """
            The observer answers right with the chance its psychometric function gives at each area \
            ratio r. weber (Gaussian noise on log area): P = L/2 + (1 - L) * Phi(ln r / (s * sqrt 2)), \
            s set so that P is 75% at --threshold without lapses; weibull: P = L/2 + (1 - L) * \
            (1 - 2^-((ln r / ln T)^B) / 2) with --slope B. Errors are measured on the Weber fraction \
            (ratio - 1): e = ln(estimate / truth); bias = exp(mean e) - 1, spread = exp(sd e) - 1, \
            typical error = exp(sqrt(mean e^2)) - 1. Runs are seeded: same options, same table.

            Examples:
              shapeturns simulate --strategy quest --threshold 1.1 --lapse 0.05 --runs 1000 --turns 50
              shapeturns simulate --strategy staircase --threshold 1.2 --runs 500 --turns 80
              shapeturns simulate --strategy quest --observer weibull --threshold 1.15 --slope 3 --lapse 0.02
              shapeturns simulate --threshold 1.8 --prior-threshold 1.15 --prior-sd 0.5
            """
    )

    enum ObserverKind: String, ExpressibleByArgument, CaseIterable {
        case weber, weibull
    }

    @Option(help: ArgumentHelp("The procedure: staircase or quest.", valueName: "strategy"))
    var strategy = StrategyName.quest

    @Option(help: ArgumentHelp("The simulated player: weber or weibull.", valueName: "observer"))
    var observer = ObserverKind.weber

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The observer's true 75%-correct area ratio, 1.001 to 4.", valueName: "r"))
    var threshold = 1.1

    @Option(parsing: .unconditional, help: ArgumentHelp("weibull: the slope B, 0.3 to 10.", valueName: "b"))
    var slope = 1.2

    @Option(parsing: .unconditional, help: ArgumentHelp("The lapse rate L, 0 to 0.5.", valueName: "l"))
    var lapse = 0.0

    @Option(parsing: .unconditional, help: "Games to play, 1 to 100,000.")
    var runs = 200

    @Option(parsing: .unconditional, help: "Turns per game, 1 to 1,000.")
    var turns = 50

    @Option(parsing: .unconditional, help: "The seed of the runs' random streams.")
    var seed: UInt64 = 1

    @OptionGroup(title: "Procedure settings")
    var procedureOptions: ProcedureOptions

    func validate() throws {
        guard strategy.isAdaptive else { throw ValidationError("--strategy must be staircase or quest") }
        guard (1.001...4).contains(threshold) else {
            throw ValidationError("--threshold must be 1.001 to 4 (got \(threshold))")
        }
        guard (0.3...10).contains(slope) else { throw ValidationError("--slope must be 0.3 to 10 (got \(slope))") }
        guard (0...0.5).contains(lapse) else { throw ValidationError("--lapse must be 0 to 0.5 (got \(lapse))") }
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must be 1 to 100000 (got \(runs))") }
        guard (1...1_000).contains(turns) else { throw ValidationError("--turns must be 1 to 1000 (got \(turns))") }
        do {
            _ = try procedureOptions.choice(for: strategy)
        } catch {
            throw ValidationError(error.commandLineMessage)
        }
    }

    func run() throws {
        guard let choice = try procedureOptions.choice(for: strategy) else { return }
        let procedure: any AdaptiveProcedure
        do {
            procedure = try choice.makeProcedure()
        } catch {
            throw ShapeTurnsError.invalidOption("--strategy", reason: error.description)
        }
        let simulated: any SimulatedObserver =
            switch observer {
            case .weber: WeberObserver(threshold: threshold, lapse: lapse)
            case .weibull: WeibullPsychometricFunction(threshold: threshold, slope: slope, lapse: lapse)
            }
        let summaries = ProcedureSimulation(procedure: procedure, observer: simulated, seed: seed)
            .run(runs: runs, turns: turns, checkpoints: ProcedureSimulation.checkpoints(upTo: turns))
        print(
            "\(strategy.rawValue) against a \(observer.rawValue) observer: threshold \(threshold) (Weber fraction \(Self.percent(threshold - 1))), lapse \(lapse)\(observer == .weibull ? ", slope \(slope)" : ""); \(runs) runs, seed \(seed)"
        )
        print("turns  played   bias  spread  typical error  within ±25%  95% coverage")
        for summary in summaries {
            let columns = [
                Self.pad(String(summary.turns), 5), Self.pad(String(format: "%.1f", summary.meanTurnsPlayed), 7),
                Self.pad(Self.signedPercent(summary.bias), 6), Self.pad(Self.percent(summary.spread), 7),
                Self.pad(Self.percent(summary.typicalError), 14), Self.pad(Self.percent(summary.withinQuarter), 12),
                Self.pad(summary.coverage.map(Self.percent) ?? "—", 13),
            ]
            print(columns.joined(separator: " "))
        }
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    static func signedPercent(_ value: Double) -> String { String(format: "%+.1f%%", value * 100) }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
