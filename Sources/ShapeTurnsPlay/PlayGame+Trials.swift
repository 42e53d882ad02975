import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore

/// What a study needs beyond the score: each answer's choice or timeout checked against the
/// trial design, its line annotated with the session's metadata, the client's context and the
/// time it was recorded, and the whole class's trials as one CSV (`trials.csv`).
extension PlayGame {
    /// The answer's choice, nil on a turn that timed out; refused (400) when it is neither, when
    /// the game has no timeout, or when the reaction time is out of range.
    func checkedChoice(_ answer: PlayPayloads.Answer) throws(PlayError) -> ShapeLabel? {
        guard answer.rt.isFinite, answer.rt >= 0, answer.rt <= PlayOptions.reactionTimeLimit else {
            throw .badRequest("rt must be a reaction time in milliseconds, 0 to \(Int(PlayOptions.reactionTimeLimit))")
        }
        if answer.timedOut == true {
            guard options.design.timeoutMs != nil else { throw .badRequest("this game has no --timeout") }
            guard answer.choice == nil else { throw .badRequest("a timed-out turn has no choice") }
            return nil
        }
        guard let text = answer.choice, let choice = ShapeLabel(rawValue: text) else {
            throw .badRequest("choice must be \"a\" or \"b\"")
        }
        return choice
    }

    /// Adds to `record` what is not the game's: the design (first line, when not the default),
    /// the timeout, the metadata, and the client's context with the time it is recorded (none without one).
    func annotate(
        _ record: inout AnswerRecord, answer: PlayPayloads.Answer, context: TrialContext?, session: PlaySession,
        first: Bool
    ) {
        if first, !options.design.isDefault { record.design = options.design }
        record.timedOut = answer.timedOut == true ? true : nil
        record.metadata = session.metadata
        // Only a client that reports a context gets the time too, so an API client that sends
        // none writes the same bytes for the same answers.
        guard var context else { return }
        context.recordedAt = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date.now)
        record.context = context
    }

    /// Every answer of every session still open (practice turns included), as one CSV.
    package func classTrialsCSV() -> String {
        forgetIdleSessions()
        let sessions = sessions.values.sorted { $0.number < $1.number }
        return TrialsCSV.csv(sessions.flatMap { $0.practiceRecords + $0.records })
    }
}
