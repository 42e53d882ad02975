import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import ShapeTurnsClassroom
import Testing

@testable import ShapeTurnsPlay

/// A server started again on the same folder takes every game up where its record ends: same
/// session, same file, an adaptive procedure where it was, the class list as it was.
@Suite("shapeturns play: sessions that outlive the server")
struct PlayRestoreTests {
    typealias Fixture = PlayServerTests.Fixture
    static let choices = ["a", "b", "b", "a", "a", "b", "a", "b"]

    @Test(arguments: [nil, ProcedureChoice.quest(.default), ProcedureChoice.staircase(.default)])
    func aRestartedGameEndsAsTheSameGamePlayedThrough(procedure: ProcedureChoice?) async throws {
        let before = try Fixture(turns: 8, procedure: procedure)
        defer { try? FileManager.default.removeItem(at: before.folder) }
        let (killed, imageBefore) = try await before.application.test(.router) { client in
            let session = try await PlayServerTests.start(client, name: "Kim")
            for turn in 1...3 {
                let reply = try await PlayServerTests.answer(
                    client, session: session.id, turn: turn, choice: Self.choices[turn - 1], rt: Double(turn))
                #expect(reply.status == .ok)
            }
            let image = try await client.execute(uri: "/api/sessions/\(session.id)/turns/4/a.png", method: .get)
            return (session.id, Array(image.body.readableBytesView))
        }
        // A torn line, as a kill mid-write leaves: never acknowledged, so not part of the game.
        let record = before.folder.appendingPathComponent("session-\(killed).jsonl")
        let handle = try FileHandle(forWritingTo: record)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"turn\":4,\"cho".utf8))
        try handle.close()

        let after = try Fixture(turns: 8, procedure: procedure, folder: before.folder)
        #expect(await after.game.restoreSessions() == PlayGame.Restored(sessions: 1, skipped: 0))
        try await after.application.test(.router) { client in
            let now = try await client.execute(uri: "/api/sessions/\(killed)", method: .get) { response in
                try PlayServerTests.decode(PlayPayloads.Session.self, response)
            }
            #expect(now.answered == 3 && now.turn?.number == 4 && now.name == "Kim")
            let image = try await client.execute(uri: "/api/sessions/\(killed)/turns/4/a.png", method: .get)
            #expect(Array(image.body.readableBytesView) == imageBefore, "the same turn 4")
            #expect(await after.game.classSnapshot().players.map(\.name) == ["Kim"])
            for turn in 4...8 {
                let reply = try await PlayServerTests.answer(
                    client, session: killed, turn: turn, choice: Self.choices[turn - 1], rt: Double(turn))
                #expect(reply.status == .ok, "turn \(turn)")
                if try PlayServerTests.decode(PlayPayloads.Scored.self, reply).finished { break }
            }
        }

        let through = try Fixture(turns: 8, procedure: procedure)
        defer { try? FileManager.default.removeItem(at: through.folder) }
        let plain = try await through.application.test(.router) { client in
            let session = try await PlayServerTests.start(client, name: "Kim")
            for turn in 1...8 {
                let reply = try await PlayServerTests.answer(
                    client, session: session.id, turn: turn, choice: Self.choices[turn - 1], rt: Double(turn))
                if try PlayServerTests.decode(PlayPayloads.Scored.self, reply).finished { break }
            }
            return session.id
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: before.folder.path)
        #expect(files == ["session-\(killed).jsonl"], "one file for the whole game")
        let resumed = try Self.lines(of: record, without: killed)
        let played = try Self.lines(of: through.folder.appendingPathComponent("session-\(plain).jsonl"), without: plain)
        #expect(resumed == played)
        #expect(try PlayRecord.readIfRecord(record.path)?.lines.count == played.count)
    }

    @Test func recordsOfAnotherGameAreLeftAlone() async throws {
        let before = try Fixture(turns: 4)
        defer { try? FileManager.default.removeItem(at: before.folder) }
        try await before.application.test(.router) { client in
            let session = try await PlayServerTests.start(client, name: "Kim")
            #expect(try await PlayServerTests.answer(client, session: session.id, turn: 1, choice: "a").status == .ok)
        }
        let other = try Fixture(turns: 4, procedure: .quest(.default), folder: before.folder)
        #expect(await other.game.restoreSessions() == PlayGame.Restored(sessions: 0, skipped: 1))
        #expect(await other.game.sessionCount == 0)
    }

    /// A record's lines with the session id taken out (two sessions' ids differ).
    static func lines(of file: URL, without id: String) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
            $0.replacingOccurrences(of: id, with: "ID")
        }
    }
}
