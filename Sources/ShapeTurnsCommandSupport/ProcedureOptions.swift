import ArgumentParser
import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The settings of the adaptive procedures, shared by `play` and `simulate`; names follow
/// PsychoPy's `StairHandler` where it has them.
package struct ProcedureOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("up"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "staircase: wrong answers in a row that make it easier (PsychoPy's nUp), 1 to 20.", valueName: "n"))
    package var typedUp = TypedOption(default: StaircaseParameters.default.nUp)

    @Option(
        name: .customLong("down"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "staircase: right answers in a row that make it harder (nDown), 1 to 20; 1-up/3-down aims at 79.4% right.",
            valueName: "n"))
    package var typedDown = TypedOption(default: StaircaseParameters.default.nDown)

    @Option(
        name: .customLong("step-sizes"),
        help: ArgumentHelp(
            "staircase: step sizes in log10 units of the Weber fraction (ratio - 1), comma-separated, the next after each reversal (stepSizes).",
            valueName: "steps"))
    package var typedStepSizes = TypedOption(
        default: StaircaseParameters.default.stepSizes.map { String($0) }.joined(separator: ","))

    @Option(
        name: .customLong("start-ratio"),
        parsing: .unconditional,
        help: ArgumentHelp("staircase: the first turn's area ratio (startVal, as a ratio above 1).", valueName: "r"))
    package var typedStartRatio = TypedOption(default: StaircaseParameters.default.startRatio)

    @Option(
        name: .customLong("reversals"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "staircase: stop after this many reversals; 0 runs to --turns (in PsychoPy nReversals is a minimum).",
            valueName: "n"))
    package var typedReversals = TypedOption(default: StaircaseParameters.default.nReversals)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "quest: stop once the 95% interval's upper Weber fraction is at most this many times its lower one (above 1); without it, run to --turns.",
            valueName: "x"))
    package var precision: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "quest: the threshold prior's centre, an area ratio (startVal); without it the prior is flat, 1.01 to 3.",
            valueName: "r"))
    package var priorThreshold: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "quest: the prior's sd in log10 units of the Weber fraction (ratio - 1), 0.05 to 10, with --prior-threshold (startValSd; default 0.5).",
            valueName: "sd"))
    package var priorSd: Double?

    // The values as typed or by default; `score` reads `typed…` to tell which.
    package var up: Int { typedUp.value }
    package var down: Int { typedDown.value }
    package var stepSizes: String { typedStepSizes.value }
    package var startRatio: Double { typedStartRatio.value }
    package var reversals: Int { typedReversals.value }

    /// The procedure `strategy` names with these settings; nil for a non-adaptive strategy.
    package func choice(for strategy: StrategyName) throws(ShapeTurnsError) -> ProcedureChoice? {
        switch strategy {
        case .staircase:
            var parameters = StaircaseParameters.default
            parameters.nUp = up
            parameters.nDown = down
            parameters.startRatio = startRatio
            parameters.nReversals = reversals
            var steps: [Double] = []
            for word in stepSizes.split(separator: ",") {
                guard let step = Double(word.trimmingCharacters(in: .whitespaces)) else {
                    throw .invalidOption("--step-sizes", reason: "'\(word)' is not a number")
                }
                steps.append(step)
            }
            parameters.stepSizes = steps
            do {
                try parameters.validate()
            } catch {
                throw .invalidOption("--up/--down/--step-sizes/--start-ratio/--reversals", reason: error.description)
            }
            return .staircase(parameters)
        case .quest:
            if priorSd != nil, priorThreshold == nil {
                throw .invalidOption("--prior-sd", reason: "needs --prior-threshold, the prior's centre")
            }
            var parameters = QuestParameters.default
            parameters.precision = precision
            try Self.check(parameters, "--precision")
            parameters.thresholdPriorSpread = priorSd ?? parameters.thresholdPriorSpread
            try Self.check(parameters, "--prior-sd")
            parameters.thresholdPriorCentre = priorThreshold
            try Self.check(parameters, "--prior-threshold")
            return .quest(parameters)
        case .basic, .random, .mixed, .graded:
            return nil
        }
    }

    /// Fails naming `flag`, the option set last, when `parameters` build no posterior.
    private static func check(_ parameters: QuestParameters, _ flag: String) throws(ShapeTurnsError) {
        do {
            try parameters.validate()
        } catch {
            throw .invalidOption(flag, reason: error.description)
        }
    }
}
