import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The game behind `shapeturns play`, without HTTP: players' sessions, each a `TurnController`
/// scored by the model's `Scoreboard` with the tutorial's chain, turns drawn by the facade's
/// `SetGenerator` (so turn i of a non-adaptive game is turn i of `generate` with the same
/// options), and every answer appended to the player's record file before it is acknowledged.
///
/// An actor: sessions are bounded in number and forgotten after `idleLimit` without a request;
/// a refused request changes nothing.
package actor PlayGame {
    package let options: PlayOptions
    /// The options every record's first line carries.
    let playedGame: PlayedGame
    private let generator: SetGenerator
    /// The practice turns' generator (seed + 1, `--practice` turns), when there is practice.
    let practiceGenerator: SetGenerator?
    private let folder: AppendOnlyFolder
    /// The controller every new session starts from.
    let startingController: TurnController
    /// Open sessions by id; read by the class view (`PlayGame+Class.swift`).
    var sessions: [String: PlaySession] = [:]
    /// How many sessions were ever started: the next player's number on the class list.
    var joinedCount = 0
    /// The `/class` pages watching, by a number of their own; each gets every change.
    var classWatchers: [Int: AsyncStream<PlayPayloads.ClassSnapshot>.Continuation] = [:]
    var nextWatcher = 0
    let clock = ContinuousClock()

    package init(options: PlayOptions) throws(ShapeTurnsError) {
        var generate = options.generate
        generate.formats = [.png]
        generate.layout = nil
        generate.pack = nil
        let generator = try SetGenerator(options: generate)
        if let procedure = options.procedure {
            do {
                let strategy = try AdaptiveTurnStrategy(choice: procedure, factories: try generate.makeFactories())
                startingController = TurnController(strategy: strategy, seed: generate.seed, turnCount: generate.turns)
            } catch let error as ShapeGameError {
                throw .invalidOption(.strategy, reason: "\(error.description)")
            } catch {
                throw .invalidOption(.strategy, reason: "\(error)")
            }
        } else {
            startingController = generator.controller
        }
        var stored = options
        stored.generate = generate
        self.options = stored
        playedGame = stored.playedGame
        self.generator = generator
        practiceGenerator = try Self.practiceGenerator(for: generate, design: options.design)
        folder = try AppendOnlyFolder(options.output, policy: OutputPolicy(.destination))
    }

    /// How many sessions are open.
    package var sessionCount: Int { sessions.count }

    /// Starts a player's game and deals its first turn.
    package func startSession(name rawName: String, metadata rawMetadata: [String: String]? = nil)
        throws(PlayError) -> PlayPayloads.Session
    {
        let name = try Self.validName(rawName)
        let metadata = try SessionMetadata.checked(rawMetadata)
        forgetIdleSessions()
        makeRoomForFinishedSessions()
        guard sessions.values.count(where: { !$0.isFinished }) < options.sessionLimit else {
            throw PlayError(503, "the server has \(options.sessionLimit) players; try again later")
        }
        var session = PlaySession(
            id: SessionID.make(), name: name, controller: startingController, lastSeen: clock.now,
            metadata: metadata)
        session.practice = practiceGenerator?.controller
        session.dealt =
            try session.practice == nil ? deal(number: 1, in: session) : dealPractice(number: 1, in: session)
        joinedCount += 1
        session.number = joinedCount
        sessions[session.id] = session
        publishClass()
        return payload(of: session, withAnswers: false)
    }

    /// Scores `answer` for session `id`, records it, and deals the next turn.
    package func answer(_ answer: PlayPayloads.Answer, session id: String) throws(PlayError) -> PlayPayloads.Scored {
        var session = try lookUp(id)
        guard let dealt = session.dealt else { throw .conflict("the game is over") }
        guard (answer.practice ?? false) == (session.practice != nil) else {
            throw .conflict(
                session.practice != nil
                    ? "the turn on screen is practice turn \(dealt.turn.number)"
                    : "the practice is over; the turn on screen is turn \(dealt.turn.number)")
        }
        guard answer.turn == dealt.turn.number else {
            throw answer.turn < dealt.turn.number
                ? .conflict("turn \(answer.turn) was already answered")
                : .conflict("turn \(answer.turn) has not been shown; the turn on screen is \(dealt.turn.number)")
        }
        let choice = try checkedChoice(answer)
        let context = try SessionMetadata.checked(answer.context)
        if session.practice != nil {
            return try answerPractice(answer, choice: choice, context: context, dealt: dealt, session: session)
        }
        let scored = session.controller.endTurn(dealt.turn, tapping: choice ?? dealt.turn.larger.other)
        let estimate = currentEstimate(of: session)
        var record = AnswerRecord(
            session: session.id, player: session.name, turn: scored.number, choice: choice, larger: scored.larger,
            correct: scored.matched, increment: scored.increment, score: scored.score,
            areaRatio: dealt.turn.areaRatio,
            shapes: dealt.answer.shapes.map {
                .init(label: $0.label, kind: $0.kind.rawValue, proportion: $0.proportion, area: $0.area)
            },
            reactionTimeMs: answer.rt, seed: options.generate.seed, strategy: options.strategyName, estimate: estimate,
            game: session.records.isEmpty ? playedGame : nil)
        annotate(&record, answer: answer, context: context, session: session, first: session.records.isEmpty)
        let next = try nextTurn(after: dealt.turn.number, in: session)
        try write(record, to: session.fileName, create: session.records.isEmpty)
        session.records.append(record)
        session.dealt = next
        session.lastSeen = clock.now
        sessions[id] = session
        publishClass()
        return PlayPayloads.Scored(
            turn: scored.number, correct: scored.matched, increment: scored.increment, score: scored.score,
            finished: next == nil, next: next.map { dealtPayload($0, session: id) },
            accuracy: Double(session.correctCount) / Double(session.records.count), estimate: estimate)
    }

    /// Appends `record` to the record file `name` (new when `create`), on the disk before this
    /// returns; a failure is a 500 and the answer is not counted.
    func write(_ record: AnswerRecord, to name: String, create: Bool) throws(PlayError) {
        do {
            let line = try Self.encoder.encode(record)
            try folder.append(Array(line), to: name, create: create)
        } catch {
            throw PlayError(500, "the answer could not be recorded; it was not counted")
        }
    }

    /// The session so far, with every recorded answer.
    package func session(_ id: String) throws(PlayError) -> PlayPayloads.Session {
        let session = try lookUp(id)
        sessions[id]?.lastSeen = clock.now
        return payload(of: session, withAnswers: true)
    }

    /// A PNG of the turn on screen; other turns are refused.
    package func image(session id: String, turn: Int, label: ShapeLabel) throws(PlayError) -> [UInt8] {
        let session = try lookUp(id)
        guard let dealt = session.dealt, dealt.turn.number == turn, let bytes = dealt.images[label] else {
            throw PlayError(404, "that turn is not on screen")
        }
        return bytes
    }

    /// The player's answers as CSV (`TrialsCSV`'s columns: player, session, metadata, turn, …),
    /// practice turns first.
    package func csv(session id: String) throws(PlayError) -> String {
        let session = try lookUp(id)
        return TrialsCSV.csv(session.practiceRecords + session.records)
    }

    // MARK: - Internals

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func validName(_ raw: String) throws(PlayError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= PlayOptions.nameLimit else {
            throw .badRequest("name must be 1 to \(PlayOptions.nameLimit) characters")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .badRequest("name must not hold control characters")
        }
        return name
    }

    private func lookUp(_ id: String) throws(PlayError) -> PlaySession {
        guard SessionID.isWellFormed(id), let session = sessions[id] else { throw .unknownSession }
        guard clock.now - session.lastSeen <= options.idleLimit else {
            sessions[id] = nil
            throw .unknownSession
        }
        return session
    }

    func forgetIdleSessions() {
        let now = clock.now
        sessions = sessions.filter { now - $0.value.lastSeen <= options.idleLimit }
    }

    private func currentEstimate(of session: PlaySession) -> ThresholdEstimate? {
        guard let strategy = session.controller.strategy as? AdaptiveTurnStrategy else { return nil }
        return strategy.procedure(after: session.controller.scoreboard.playedTurns).estimate
    }

    func nextTurn(after number: Int, in session: PlaySession) throws(PlayError) -> PlaySession.Dealt? {
        guard number < options.generate.turns else { return nil }
        if let strategy = session.controller.strategy as? AdaptiveTurnStrategy,
            strategy.procedure(after: session.controller.scoreboard.playedTurns).isFinished
        {
            return nil
        }
        return try deal(number: number + 1, in: session)
    }

    func deal(number: Int, in session: PlaySession) throws(PlayError) -> PlaySession.Dealt {
        try Self.draw(number: number, of: session.controller, with: generator)
    }

    /// Turn `number` of `controller`, drawn by `generator`.
    static func draw(number: Int, of controller: TurnController, with generator: SetGenerator) throws(PlayError)
        -> PlaySession.Dealt
    {
        do {
            let turn = try controller.turn(number: number)
            let rendered = try generator.render(turn)
            var images: [ShapeLabel: [UInt8]] = [:]
            for (shape, image) in zip(rendered.answer.shapes, rendered.images) {
                images[shape.label] = image.bytes
            }
            return PlaySession.Dealt(turn: turn, answer: rendered.answer, images: images)
        } catch {
            throw PlayError(500, "turn \(number) could not be drawn")
        }
    }

    func dealtPayload(_ dealt: PlaySession.Dealt, session id: String, practice: Bool = false)
        -> PlayPayloads.DealtTurn
    {
        let number = dealt.turn.number
        var payload = PlayPayloads.DealtTurn(
            number: number, of: practice ? options.design.practiceTurns : options.generate.turns,
            images: Dictionary(
                uniqueKeysWithValues: ShapeLabel.allCases.map {
                    ($0.rawValue, "/api/sessions/\(id)/turns/\(number)/\($0.rawValue).png")
                }))
        payload.practice = practice ? true : nil
        return payload
    }

    private func payload(of session: PlaySession, withAnswers: Bool) -> PlayPayloads.Session {
        PlayPayloads.Session(
            id: session.id, name: session.name, strategy: options.strategyName, turns: options.generate.turns,
            score: session.score, answered: session.records.count, correct: session.correctCount,
            finished: session.isFinished,
            turn: session.dealt.map { dealtPayload($0, session: session.id, practice: session.practice != nil) },
            estimate: session.records.last?.estimate, answers: withAnswers ? session.records : nil,
            design: options.design, metadata: session.metadata)
    }
}
