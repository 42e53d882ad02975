import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import ShapeTurns
import Testing

@testable import ShapeTurnsPlay

/// Trial designs and the records a study analyses, through the game and its HTTP API: timed-out
/// turns recorded and scored wrong, practice turns dealt first and recorded apart, metadata kept
/// on every line and bounded, each turn's context recorded, and the class's trials as one CSV.
@Suite("shapeturns play: trial designs and study records")
struct TrialDesignTests {
    static func game(turns: Int = 4, design: TrialDesign) throws -> (PlayGame, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shapeturns-trials-\(UUID().uuidString)")
        var generate = GenerateOptions()
        generate.turns = turns
        generate.seed = 5
        generate.size = 64
        var options = PlayOptions(generate: generate, output: folder)
        options.design = design
        return (try PlayGame(options: options), folder)
    }

    static func lines(_ path: URL) throws -> [[String: Any]] {
        try String(contentsOf: path, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func aTimedOutTurnIsRecordedWithoutAChoiceAndScoreCountsItWrong() async throws {
        var design = TrialDesign()
        design.timeoutMs = 1_500
        let (game, folder) = try Self.game(design: design)
        let session = try await game.startSession(name: "Ada")
        let larger = try #require(try await game.session(session.id).turn).number
        #expect(larger == 1)
        var last: PlayPayloads.Scored?
        for turn in 1...4 {
            // Turn 2 times out; the others are answered a.
            let answer =
                turn == 2
                ? PlayPayloads.Answer(turn: turn, choice: nil, rt: 1_500, timedOut: true)
                : PlayPayloads.Answer(turn: turn, choice: "a", rt: 640)
            last = try await game.answer(answer, session: session.id)
        }
        #expect(last?.finished == true)
        let file = folder.appendingPathComponent("session-\(session.id).jsonl")
        let lines = try Self.lines(file)
        #expect(lines[1]["timedOut"] as? Bool == true)
        #expect(lines[1]["choice"] == nil)
        #expect(lines[1]["correct"] as? Bool == false)
        #expect(lines[0]["timedOut"] == nil)
        #expect((lines[0]["design"] as? [String: Any])?["timeoutMs"] as? Int == 1_500)
        let record = try #require(try PlayRecord.readIfRecord(file.path))
        let report = try record.scoreReport()
        #expect(report.total == last?.score)
        #expect(report.blank == 1)
        #expect(report.turns[1].correct == false)
    }

    @Test func aTimeoutIsRefusedWhereTheGameHasNoneAndAChoiceIsNeededOtherwise() async throws {
        let (game, _) = try Self.game(design: TrialDesign())
        let session = try await game.startSession(name: "Ada")
        await #expect(throws: PlayError.badRequest("this game has no --timeout")) {
            try await game.answer(
                PlayPayloads.Answer(turn: 1, choice: nil, rt: 900, timedOut: true), session: session.id)
        }
        await #expect(throws: PlayError.badRequest("choice must be \"a\" or \"b\"")) {
            try await game.answer(PlayPayloads.Answer(turn: 1, choice: nil, rt: 900), session: session.id)
        }
        let scored = try await game.answer(PlayPayloads.Answer(turn: 1, choice: "b", rt: 900), session: session.id)
        #expect(scored.turn == 1)
    }

    @Test func practiceTurnsComeFirstAreRecordedApartAndLeaveTheGameUntouched() async throws {
        var design = TrialDesign()
        design.practiceTurns = 2
        let (game, folder) = try Self.game(turns: 3, design: design)
        let (plain, _) = try Self.game(turns: 3, design: TrialDesign())
        let session = try await game.startSession(name: "Ada")
        #expect(session.turn?.practice == true && session.turn?.of == 2)
        await #expect(throws: PlayError.self) {
            try await game.answer(PlayPayloads.Answer(turn: 1, choice: "a", rt: 500), session: session.id)
        }
        let first = try await game.answer(
            PlayPayloads.Answer(turn: 1, choice: "a", rt: 500, practice: true), session: session.id)
        #expect(first.practice == true && first.next?.practice == true)
        let second = try await game.answer(
            PlayPayloads.Answer(turn: 2, choice: "a", rt: 500, practice: true), session: session.id)
        #expect(second.next?.practice == nil && second.next?.number == 1 && second.next?.of == 3)

        let plainSession = try await plain.startSession(name: "Bo")
        var scores: [Int] = []
        var plainScores: [Int] = []
        for turn in 1...3 {
            scores.append(
                try await game.answer(PlayPayloads.Answer(turn: turn, choice: "b", rt: 500), session: session.id).score)
            plainScores.append(
                try await plain.answer(PlayPayloads.Answer(turn: turn, choice: "b", rt: 500), session: plainSession.id)
                    .score)
        }
        #expect(scores == plainScores, "practice changes nothing in the game that follows")
        let practice = try #require(
            try PlayRecord.readIfRecord(folder.appendingPathComponent("practice-\(session.id).jsonl").path))
        #expect(practice.lines.count == 2 && practice.lines.allSatisfy { $0.practice == true })
        #expect(practice.game?.generate.seed == 6)
        let played = try #require(
            try PlayRecord.readIfRecord(folder.appendingPathComponent("session-\(session.id).jsonl").path))
        #expect(played.lines.count == 3 && played.lines.allSatisfy { $0.practice == nil })
        #expect(try played.scoreReport().total == scores.last)
    }

    @Test func metadataAndContextAreOnEveryLineAndInTheTrialsCSV() async throws {
        let (game, folder) = try Self.game(turns: 2, design: TrialDesign())
        let session = try await game.startSession(
            name: "=HYPERLINK(\"x\")", metadata: ["participant": "P01", "condition": "B,2"])
        var context = TrialContext()
        context.input = "touch"
        context.viewportWidth = 390
        context.viewportHeight = 844
        context.devicePixelRatio = 3
        context.shapeCssPx = 343
        context.pxPerMm = 3.78
        context.shapeMm = 90.7
        context.userAgent = "Test/1.0"
        context.shownAt = "2026-11-29T12:00:00.000Z"
        context.recordedAt = "1999-01-01T00:00:00Z"
        for turn in 1...2 {
            _ = try await game.answer(
                PlayPayloads.Answer(turn: turn, choice: "a", rt: 700, context: context), session: session.id)
        }
        let lines = try Self.lines(folder.appendingPathComponent("session-\(session.id).jsonl"))
        for line in lines {
            #expect(line["metadata"] as? [String: String] == ["participant": "P01", "condition": "B,2"])
            let recorded = try #require(line["context"] as? [String: Any])
            #expect(recorded["input"] as? String == "touch")
            #expect(recorded["shapeCssPx"] as? Double == 343)
            let at = try #require(recorded["recordedAt"] as? String)
            #expect(
                at != "1999-01-01T00:00:00Z" && at.hasSuffix("Z") && at.count == 24, "the server's own clock: \(at)")
        }
        let csv = try await game.csv(session: session.id)
        let rows = csv.split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[0].hasPrefix("player,session,meta_condition,meta_participant,practice,turn,choice,"))
        #expect(rows[1].hasPrefix("\"'=HYPERLINK(\"\"x\"\")\",\(session.id),\"B,2\",P01,false,1,a,"))
        #expect(rows[1].contains(",touch,2026-11-29T12:00:00.000Z,"))
        #expect(await game.classTrialsCSV() == csv)

        try TrialsCSV.export(folder: folder)
        let exported = try String(contentsOf: folder.appendingPathComponent("trials.csv"), encoding: .utf8)
        #expect(exported == csv)
    }

    @Test(arguments: [
        ["bad key": "x"], ["k": String(repeating: "v", count: 201)], ["k": "line\nbreak"],
        Dictionary(uniqueKeysWithValues: (0..<17).map { ("k\($0)", "v") }),
    ])
    func metadataBeyondItsBoundsIsRefusedOverHTTP(metadata: [String: String]) async throws {
        let (game, folder) = try Self.game(design: TrialDesign())
        try await Application(router: PlayServer(game: game).makeRouter()).test(.router) { client in
            let body = try JSONSerialization.data(withJSONObject: ["name": "Ada", "metadata": metadata])
            try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: body)
            ) { response in
                #expect(response.status == .badRequest)
            }
        }
        #expect(await game.sessionCount == 0)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] == [])
    }

    @Test func aContextOutOfBoundsIsRefused() async throws {
        let (game, _) = try Self.game(design: TrialDesign())
        let session = try await game.startSession(name: "Ada")
        var context = TrialContext()
        context.input = "stylus"
        await #expect(throws: PlayError.self) {
            try await game.answer(
                PlayPayloads.Answer(turn: 1, choice: "a", rt: 5, context: context), session: session.id)
        }
        context.input = "pen"
        context.devicePixelRatio = -1
        await #expect(throws: PlayError.self) {
            try await game.answer(
                PlayPayloads.Answer(turn: 1, choice: "a", rt: 5, context: context), session: session.id)
        }
        context.devicePixelRatio = 2
        let scored = try await game.answer(
            PlayPayloads.Answer(turn: 1, choice: "a", rt: 5, context: context), session: session.id)
        #expect(scored.turn == 1)
    }

    @Test func theSessionReplyCarriesTheDesignAndTheDefaultIsTodaysGame() async throws {
        var design = TrialDesign()
        design.fixationMs = 500
        design.itiMs = 800
        design.stimulusDurationMs = 250
        design.feedback = .none
        design.calibrate = true
        design.shapeMm = 40
        let (game, folder) = try Self.game(turns: 1, design: design)
        let session = try await game.startSession(name: "Ada")
        #expect(session.design == design)
        _ = try await game.answer(PlayPayloads.Answer(turn: 1, choice: "a", rt: 5), session: session.id)
        let line = try #require(try Self.lines(folder.appendingPathComponent("session-\(session.id).jsonl")).first)
        let recorded = try #require(line["design"] as? [String: Any])
        #expect(recorded["feedback"] as? String == "none" && recorded["shapeMm"] as? Double == 40)

        let (plain, plainFolder) = try Self.game(turns: 1, design: TrialDesign())
        let other = try await plain.startSession(name: "Bo")
        _ = try await plain.answer(PlayPayloads.Answer(turn: 1, choice: "a", rt: 5), session: other.id)
        let plainLine = try #require(
            try Self.lines(plainFolder.appendingPathComponent("session-\(other.id).jsonl")).first)
        #expect(plainLine["design"] == nil)
        #expect(TrialDesign().feedback == .score && TrialDesign().itiMs == 0 && TrialDesign().timeoutMs == nil)
    }
}
