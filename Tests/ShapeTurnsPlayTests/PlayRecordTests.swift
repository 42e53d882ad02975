import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import ShapeTurns
import Testing

@testable import ShapeTurnsPlay

/// A played adaptive game's record file, read back as `shapeturns score` reads it: the score and
/// the estimate recomputed from the recorded turns are what the game's last reply said, and a
/// changed, mixed or foreign record is refused.
@Suite("shapeturns play: scoring a record")
struct PlayRecordTests {
    static let procedures: [ProcedureChoice] = [.quest(.default), .staircase(.default)]

    /// Plays a game of `turns` through the API, answering by `pattern` (a or b, repeated), and
    /// returns the last reply and the record file's path.
    static func play(_ fixture: PlayServerTests.Fixture, pattern: String = "aabab") async throws
        -> (last: PlayPayloads.Scored, file: String)
    {
        let choices = Array(pattern).map(String.init)
        let (last, id) = try await fixture.application.test(.router) { client in
            let session = try await PlayServerTests.start(client)
            var last: PlayPayloads.Scored?
            var turn = session.turn
            while let shown = turn {
                let reply = try await PlayServerTests.answer(
                    client, session: session.id, turn: shown.number, choice: choices[(shown.number - 1) % choices.count]
                )
                #expect(reply.status == .ok)
                last = try PlayServerTests.decode(PlayPayloads.Scored.self, reply)
                turn = last?.next
            }
            return (try #require(last), session.id)
        }
        return (last, fixture.folder.appendingPathComponent("session-\(id).jsonl").path)
    }

    static func reachable(_ fixture: PlayServerTests.Fixture) throws -> ClosedRange<Double> {
        try AdaptiveTurnStrategy.reachableRatios(of: try fixture.options.generate.makeFactories())
    }

    @Test(arguments: procedures)
    func theRecordGivesTheScoreAndEstimateTheGameEndedWith(procedure: ProcedureChoice) async throws {
        let fixture = try PlayServerTests.Fixture(turns: 16, procedure: procedure)
        let (last, file) = try await Self.play(fixture)
        let shown = try #require(last.estimate)

        let record = try #require(try PlayRecord.readIfRecord(file))
        #expect(record.isAdaptive)
        #expect(record.lines.count == last.turn)
        let report = try record.scoreReport()
        #expect(report.total == last.score)
        #expect(Double(report.correct) / Double(report.turnCount) == last.accuracy)
        let estimate = try record.estimate(procedure, reachable: try Self.reachable(fixture))
        #expect(estimate == shown)
        if case .quest = procedure {
            #expect(estimate.lowerRatio != nil && estimate.upperRatio != nil)
        }
    }

    @Test func otherProcedureSettingsAreRefusedNotReportedWrongly() async throws {
        let fixture = try PlayServerTests.Fixture(turns: 12, procedure: .staircase(.default))
        let (_, file) = try await Self.play(fixture)
        let record = try #require(try PlayRecord.readIfRecord(file))
        var other = StaircaseParameters.default
        other.startRatio = 1.3
        #expect(throws: ShapeTurnsError.self) {
            try record.estimate(.staircase(other), reachable: try Self.reachable(fixture))
        }
        other = StaircaseParameters.default
        other.nDown = 2
        #expect(throws: ShapeTurnsError.self) {
            try record.estimate(.staircase(other), reachable: try Self.reachable(fixture))
        }
        #expect(throws: ShapeTurnsError.self) {
            try record.estimate(.quest(.default), reachable: try Self.reachable(fixture))
        }
    }

    @Test(arguments: [nil] + procedures)
    func theFirstLineCarriesTheGamesOptions(procedure: ProcedureChoice?) async throws {
        let fixture = try PlayServerTests.Fixture(turns: 5, procedure: procedure)
        let (_, file) = try await Self.play(fixture)
        let record = try #require(try PlayRecord.readIfRecord(file))
        let game = try #require(record.game)
        // The options as a JSON round trip keeps them (colours to 8 bits a channel).
        let played = try JSONDecoder().decode(
            PlayedGame.self, from: try JSONEncoder().encode(await fixture.game.options.playedGame))
        #expect(game == played)
        #expect(game.procedure == procedure)
        #expect(game.generate.seed == 5 && game.generate.turns == 5 && game.generate.size == 64)
        #expect(game.strategy == (procedure?.name ?? "random"))
        #expect(record.lines.dropFirst().allSatisfy { $0.game == nil && $0.schemaVersion == 2 })
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let options = try #require(line["game"] as? [String: Any])
        #expect((options["generate"] as? [String: Any])?["seed"] as? Int == 5)
    }

    /// A record with one line edited, or with lines of two games, or out of order.
    static let damages: [(name: String, change: @Sendable ([String]) -> [String])] = [
        (
            "an answer flipped",
            { lines in
                var lines = lines
                lines[3] = flip(
                    flip(lines[3], "\"choice\":\"a\"", "\"choice\":\"b\""), "\"correct\":true", "\"correct\":false")
                return lines
            }
        ),
        (
            "a choice flipped",
            { lines in
                var lines = lines
                lines[4] = flip(lines[4], "\"choice\":\"a\"", "\"choice\":\"b\"")
                return lines
            }
        ),
        (
            "a score edited",
            { lines in
                var lines = lines
                lines[5] = lines[5].replacingOccurrences(of: "\"score\":", with: "\"score\":1")
                return lines
            }
        ),
        ("a line missing", { lines in Array(lines[0..<4] + lines[5...]) }),
        (
            "two lines swapped",
            { lines in
                var lines = lines
                lines.swapAt(2, 3)
                return lines
            }
        ),
        (
            "another game's line",
            { lines in
                lines + [lines[0].replacingOccurrences(of: "\"session\":\"", with: "\"session\":\"f")]
            }
        ),
        ("junk", { lines in lines + ["{\"turn\": 13"] }),
        (
            "the game's options removed",
            { lines in
                var lines = lines
                lines[0] = removingGame(lines[0])
                return lines
            }
        ),
        (
            "the game's seed edited",
            { lines in
                var lines = lines
                lines[0] = lines[0].replacingOccurrences(of: "\"seed\":5,\"shapes\"", with: "\"seed\":6,\"shapes\"")
                return lines
            }
        ),
        (
            "another game's options on a later line",
            { lines in
                var lines = lines
                let game = lines[0].replacingOccurrences(of: "\"turns\":12", with: "\"turns\":13")
                lines[4] = lines[4].replacingOccurrences(
                    of: "{", with: "{" + gameField(of: game) + ",", options: .anchored)
                return lines
            }
        ),
        (
            "an estimate edited",
            { lines in
                var lines = lines
                lines[7] = lines[7].replacingOccurrences(of: "\"ratio\":", with: "\"ratio\":9")
                return lines
            }
        ),
    ]

    /// A record line without its `game`.
    static func removingGame(_ line: String) -> String {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return line
        }
        object["game"] = nil
        return (try? JSONSerialization.data(withJSONObject: object, options: .sortedKeys)).map {
            String(decoding: $0, as: UTF8.self)
        } ?? line
    }

    /// `"game":{…}` of a first line, as JSON text.
    static func gameField(of line: String) -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
            let game = object["game"],
            let data = try? JSONSerialization.data(withJSONObject: game, options: .sortedKeys)
        else { return "" }
        return "\"game\":" + String(decoding: data, as: UTF8.self)
    }

    /// `text` with `one` and `other` swapped.
    static func flip(_ text: String, _ one: String, _ other: String) -> String {
        text.replacingOccurrences(of: one, with: "\u{0}").replacingOccurrences(of: other, with: one)
            .replacingOccurrences(of: "\u{0}", with: other)
    }

    @Test(arguments: 0..<damages.count)
    func aChangedOrMixedRecordIsRefused(damage: Int) async throws {
        let fixture = try PlayServerTests.Fixture(turns: 12, procedure: .quest(.default))
        let (_, file) = try await Self.play(fixture, pattern: "ab")
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let damaged = Self.damages[damage].change(lines)
        #expect(damaged != lines, "\(Self.damages[damage].name) changes the file")
        try Data((damaged.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let error = #expect(throws: ShapeTurnsError.self, "\(Self.damages[damage].name)") {
            let record = try #require(try PlayRecord.readIfRecord(file))
            _ = try record.scoreReport()
            _ = try record.estimate(.quest(.default), reachable: try Self.reachable(fixture))
        }
        #expect(error?.exitCode == 65, "\(Self.damages[damage].name): \(error.map { "\($0)" } ?? "")")
    }

    @Test func aPlainResponsesFileIsNotARecord() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("responses-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\"turn\": 1, \"choice\": \"a\"}\n".utf8).write(to: file)
        #expect(try PlayRecord.readIfRecord(file.path) == nil)
    }
}
