import ArgumentParser
import ShapeTurnsClassroom

/// `play`'s trial-design options (docs/play.md, "Trial design"); their defaults are the plain
/// game: no interval, no fixation, shapes until answered, no timeout, the score after each turn.
struct TrialDesignOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("A fixation cross before each turn's shapes, 0 to 60,000 ms (0: none).", valueName: "ms"))
    var fixation = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("A blank screen between an answer and the next turn, 0 to 60,000 ms.", valueName: "ms"))
    var iti = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show the shapes for this long, 1 to 60,000 ms, then mask them (the answer is still taken). Default: until answered.",
            valueName: "ms"))
    var stimulusDuration: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "End a turn with no answer this long after the shapes appear, 100 to 60,000 ms; it is recorded as timed out and scored wrong. Default: no timeout.",
            valueName: "ms"))
    var timeout: Int?

    @Option(
        help: ArgumentHelp(
            "After each answer show none, score or correct (the score and right or wrong).", valueName: "kind"))
    var feedback = "score"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Practice turns before the game, 0 to 100, recorded apart in practice-ID.jsonl.", valueName: "n"))
    var practice = 0

    @Flag(help: "Have each player match a card on screen first; the shapes are then drawn --shape-mm wide.")
    var calibrate = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --calibrate, each shape's side on screen, 10 to 300 mm.", valueName: "mm"))
    var shapeMm = 50.0

    /// The design these options describe; a usage error (64) names the option at fault.
    func design() throws(ValidationError) -> TrialDesign {
        var design = TrialDesign()
        let limit = TrialDesign.durationLimit
        for (name, value) in [("--fixation", fixation), ("--iti", iti)] where !(0...limit).contains(value) {
            throw ValidationError("\(name) must be 0 to \(limit) ms (got \(value))")
        }
        if let stimulusDuration, !(1...limit).contains(stimulusDuration) {
            throw ValidationError("--stimulus-duration must be 1 to \(limit) ms (got \(stimulusDuration))")
        }
        if let timeout, !(100...limit).contains(timeout) {
            throw ValidationError("--timeout must be 100 to \(limit) ms (got \(timeout))")
        }
        guard let kind = TrialDesign.Feedback(rawValue: feedback) else {
            throw ValidationError("--feedback must be none, score or correct (got \(feedback))")
        }
        guard (0...TrialDesign.practiceLimit).contains(practice) else {
            throw ValidationError("--practice must be 0 to \(TrialDesign.practiceLimit) (got \(practice))")
        }
        guard TrialDesign.shapeMmRange.contains(shapeMm) else {
            throw ValidationError("--shape-mm must be 10 to 300 (got \(shapeMm))")
        }
        design.fixationMs = fixation
        design.itiMs = iti
        design.stimulusDurationMs = stimulusDuration
        design.timeoutMs = timeout
        design.feedback = kind
        design.practiceTurns = practice
        design.calibrate = calibrate
        design.shapeMm = shapeMm
        return design
    }
}
