import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import ShapeTurns
import Testing

@testable import ShapeTurnsPlay

/// Junk thrown at the server while players play: every junk request gets a 4xx, and each
/// player's record, score and estimate are exactly those of the same game played alone.
@Suite("shapeturns play: junk while players play")
struct JunkUnderLoadTests {
    /// Each player's answers, a or b, one a turn.
    static let patterns = ["aabab", "bbbba", "ababa", "baaab"]

    /// The session ids in play, for junk aimed at real sessions.
    actor Sessions {
        var ids: [String] = []
        var playing = 0
        func add(_ id: String) {
            ids.append(id)
            playing += 1
        }
        func finished() { playing -= 1 }
    }

    /// A record line without what differs between two players of one game (id, name, rt).
    static func comparable(_ line: Substring) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        for key in ["session", "player", "reactionTimeMs"] { object[key] = nil }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
    }

    static func records(_ fixture: PlayServerTests.Fixture, _ id: String) throws -> [String] {
        try String(contentsOf: fixture.folder.appendingPathComponent("session-\(id).jsonl"), encoding: .utf8)
            .split(separator: "\n").map(comparable)
    }

    /// Plays a whole game answering by `pattern`; its session id and last reply.
    static func play(_ client: some TestClientProtocol, pattern: String, name: String, sessions: Sessions? = nil)
        async throws -> (id: String, last: PlayPayloads.Scored)
    {
        let session = try await PlayServerTests.start(client, name: name)
        await sessions?.add(session.id)
        let choices = Array(pattern).map(String.init)
        var turn = session.turn
        var last: PlayPayloads.Scored?
        while let shown = turn {
            let reply = try await PlayServerTests.answer(
                client, session: session.id, turn: shown.number, choice: choices[(shown.number - 1) % choices.count],
                rt: Double(100 + shown.number))
            #expect(reply.status == .ok, "\(name) turn \(shown.number): \(String(buffer: reply.body))")
            last = try PlayServerTests.decode(PlayPayloads.Scored.self, reply)
            turn = last?.next
            await Task.yield()
        }
        await sessions?.finished()
        return (session.id, try #require(last))
    }

    /// Junk requests, aimed at `id` where they name a session, until no player is playing; how
    /// many were sent and the statuses outside 4xx.
    static func throwJunk(_ client: some TestClientProtocol, sessions: Sessions, seed: Int) async throws
        -> (sent: Int, notRefused: [String])
    {
        var sent = 0
        var notRefused: [String] = []
        var index = seed
        while await sessions.playing > 0 || sent == 0 {
            let ids = await sessions.ids
            guard let id = ids.isEmpty ? nil : ids[index % ids.count] else {
                await Task.yield()
                continue
            }
            let junk: [(HTTPRequest.Method, String, String?)] =
                PlayServerTests.badRequests.filter {
                    // Those two are bad only for a game on turn 1 (they are real answers later).
                    !["turn not shown", "image of a turn not shown"].contains($0.name)
                }.map { ($0.method, $0.path.replacingOccurrences(of: "SESSION", with: id), $0.body) } + [
                    (.post, "/api/sessions/\(id)/answers", "{\"turn\":1,\"choice\":\"a\",\"rt\":1,\"turn\":1}"),
                    (.post, "/api/sessions/\(id)/answers", "\u{0}\u{1}\u{2}binary"),
                    (.post, "/api/sessions/\(id)/answers", "{\"turn\":999,\"choice\":\"a\",\"rt\":1}"),
                    (.post, "/api/sessions/\(id)/answers", "{\"turn\":1e300,\"choice\":\"a\",\"rt\":1}"),
                    (.post, "/api/sessions/\(id)/answers", "{\"turn\":-1,\"choice\":\"b\",\"rt\":1}"),
                    (.get, "/api/sessions/\(id)/turns/999/a.png", nil),
                    (.get, "/api/sessions/\(String(id.reversed()))", nil),
                    (.put, "/api/sessions", "{\"name\":\"x\"}"),
                    (.get, "/class/../../etc/passwd", nil),
                    (.post, "/", "junk"),
                ]
            let (method, path, body) = junk[index % junk.count]
            index += 7
            let response = try await client.execute(
                uri: path, method: method, headers: [.contentType: "application/json"],
                body: body.map { ByteBuffer(string: $0) })
            sent += 1
            if !(400..<500).contains(response.status.code) {
                notRefused.append("\(method) \(path.prefix(80)): \(response.status.code)")
            }
            await Task.yield()
        }
        return (sent, notRefused)
    }

    @Test(arguments: [nil, ProcedureChoice.quest(.default)])
    func junkChangesNoPlayersRecordOrScore(procedure: ProcedureChoice?) async throws {
        // Each pattern played alone first: the records and scores to expect.
        let alone = try PlayServerTests.Fixture(turns: 10, procedure: procedure)
        let (expected, expectedLast) = try await alone.application.test(.router) { client in
            var expected: [[String]] = []
            var expectedLast: [PlayPayloads.Scored] = []
            for (index, pattern) in Self.patterns.enumerated() {
                let (id, last) = try await Self.play(client, pattern: pattern, name: "p\(index)")
                expected.append(try Self.records(alone, id))
                expectedLast.append(last)
            }
            return (expected, expectedLast)
        }

        let crowded = try PlayServerTests.Fixture(turns: 10, procedure: procedure)
        let sessions = Sessions()
        let (games, junk) = try await crowded.application.test(.router) { client in
            try await withThrowingTaskGroup(of: (Int, String, PlayPayloads.Scored)?.self) { group in
                for (index, pattern) in Self.patterns.enumerated() {
                    group.addTask {
                        let (id, last) = try await Self.play(
                            client, pattern: pattern, name: "p\(index)", sessions: sessions)
                        return (index, id, last)
                    }
                }
                let junkTask = Task { () throws -> [(sent: Int, notRefused: [String])] in
                    async let one = Self.throwJunk(client, sessions: sessions, seed: 0)
                    async let two = Self.throwJunk(client, sessions: sessions, seed: 3)
                    return try await [one, two]
                }
                var games: [Int: (String, PlayPayloads.Scored)] = [:]
                for try await case (let index, let id, let last)? in group {
                    games[index] = (id, last)
                }
                return (games, try await junkTask.value)
            }
        }
        let sent = junk.map(\.sent).reduce(0, +)
        #expect(sent >= 20, "junk was thrown while they played (\(sent) requests)")
        #expect(junk.flatMap(\.notRefused).isEmpty, "every junk request refused: \(junk.flatMap(\.notRefused))")
        #expect(games.count == Self.patterns.count)
        for (index, (id, last)) in games {
            #expect(try Self.records(crowded, id) == expected[index], "player \(index)'s record")
            #expect(last.score == expectedLast[index].score && last.estimate == expectedLast[index].estimate)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: crowded.folder.path)
        #expect(files.count == Self.patterns.count, "no file but the players' (\(files))")
    }
}
