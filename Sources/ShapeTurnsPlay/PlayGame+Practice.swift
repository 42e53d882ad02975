import ShapeGame
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// Practice turns (`--practice N`): dealt before the game proper from a generator of their own
/// (the game's shapes and style, seed + 1, generate's strategy; `random` for an adaptive game),
/// scored on a chain of their own, and recorded apart in `practice-ID.jsonl`, a record `score`
/// reads on its own. Neither the game's record, its score nor an adaptive procedure sees them.
extension PlayGame {
    /// The practice generator for a game of `generate`'s turns, or nil without practice.
    static func practiceGenerator(for generate: GenerateOptions, design: TrialDesign) throws(ShapeTurnsError)
        -> SetGenerator?
    {
        guard design.practiceTurns > 0 else { return nil }
        return try SetGenerator(options: practiceOptions(for: generate, design: design))
    }

    /// The practice turns' options: the game's, seed + 1, `practiceTurns` turns.
    static func practiceOptions(for generate: GenerateOptions, design: TrialDesign) -> GenerateOptions {
        var practice = generate
        practice.seed = generate.seed &+ 1
        practice.turns = design.practiceTurns
        return practice
    }

    func dealPractice(number: Int, in session: PlaySession) throws(PlayError) -> PlaySession.Dealt {
        guard let practiceGenerator, let controller = session.practice else {
            throw PlayError(500, "practice turn \(number) could not be drawn")
        }
        return try Self.draw(number: number, of: controller, with: practiceGenerator)
    }

    /// Scores and records a practice answer (already checked by `answer`), then deals the next
    /// practice turn, or the game's first turn after the last.
    func answerPractice(
        _ answer: PlayPayloads.Answer, choice: ShapeLabel?, context: TrialContext?, dealt: PlaySession.Dealt,
        session: PlaySession
    ) throws(PlayError) -> PlayPayloads.Scored {
        var session = session
        guard var controller = session.practice, let practiceGenerator else { throw .conflict("no practice turn") }
        let scored = controller.endTurn(dealt.turn, tapping: choice ?? dealt.turn.larger.other)
        let practiceOptions = practiceGenerator.options
        var record = AnswerRecord(
            session: session.id, player: session.name, turn: scored.number, choice: choice, larger: scored.larger,
            correct: choice != nil && scored.matched, increment: scored.increment, score: scored.score,
            areaRatio: dealt.turn.areaRatio,
            shapes: dealt.answer.shapes.map {
                .init(label: $0.label, kind: $0.kind.rawValue, proportion: $0.proportion, area: $0.area)
            },
            reactionTimeMs: answer.rt, seed: practiceOptions.seed, strategy: practiceOptions.strategy.rawValue,
            estimate: nil,
            game: session.practiceRecords.isEmpty ? PlayedGame(generate: practiceOptions, procedure: nil) : nil)
        annotate(&record, answer: answer, context: context, session: session, first: session.practiceRecords.isEmpty)
        record.practice = true
        session.practice = controller
        let lastPractice = scored.number >= options.design.practiceTurns
        let next: PlaySession.Dealt? = try lastPractice ? nil : dealPractice(number: scored.number + 1, in: session)
        var gameTurn: PlaySession.Dealt?
        if lastPractice {
            session.practice = nil
            gameTurn = try deal(number: 1, in: session)
        }
        try write(record, to: session.practiceFileName, create: session.practiceRecords.isEmpty)
        session.practiceRecords.append(record)
        session.dealt = next ?? gameTurn
        session.lastSeen = .now
        sessions[session.id] = session
        let correct = session.practiceRecords.filter(\.correct).count
        var reply = PlayPayloads.Scored(
            turn: scored.number, correct: record.correct, increment: scored.increment, score: scored.score,
            finished: false,
            next: next.map { dealtPayload($0, session: session.id, practice: true) }
                ?? gameTurn.map { dealtPayload($0, session: session.id) },
            accuracy: Double(correct) / Double(session.practiceRecords.count), estimate: nil)
        reply.practice = true
        return reply
    }
}
