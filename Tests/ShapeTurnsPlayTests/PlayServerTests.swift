import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import ShapeTurns
import ShapeTurnsAnswerKey
import Testing

@testable import ShapeTurnsPlay

/// The play server through Hummingbird's testing client: whole games, scores, records, and every
/// kind of bad request (each refused with a 4xx, changing nothing, the server still serving).
@Suite("shapeturns play: the server")
struct PlayServerTests {
    /// A game of `turns` with seed 5 recording into a fresh folder. Its sessions outlive a test
    /// that waits long for the processor (a suite run beside other builds waited over 500 s),
    /// unless the test asks for a short idle limit.
    struct Fixture {
        let folder: URL
        let options: PlayOptions
        let game: PlayGame

        init(
            turns: Int = 6, procedure: ProcedureChoice? = nil, sessionLimit: Int = 50,
            idleLimit: Duration = .seconds(86_400), folder: URL? = nil, classToken: String? = nil,
            allowedOrigins: [String] = []
        ) throws {
            self.folder =
                folder
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-play-\(UUID().uuidString)")
            var generate = GenerateOptions()
            generate.turns = turns
            generate.seed = 5
            generate.size = 64
            var options = PlayOptions(generate: generate, procedure: procedure, output: self.folder)
            options.sessionLimit = sessionLimit
            options.idleLimit = idleLimit
            options.classToken = classToken
            options.allowedOrigins = allowedOrigins
            self.options = options
            game = try PlayGame(options: options)
        }

        var application: some ApplicationProtocol {
            Application(router: PlayServer(game: game).makeRouter())
        }

        func recordLines() throws -> [[String: Any]] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".jsonl")
            }
            return try files.flatMap { file in
                try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n")
                    .map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            }
        }

        func files() throws -> [String: Data] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return try Dictionary(
                uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
        }
    }

    /// The header every request with a body sends (the server refuses other types, 415).
    static let jsonType: HTTPFields = [.contentType: "application/json"]

    static func json(_ object: [String: Any]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(response.body.readableBytesView))
    }

    static func start(_ client: some TestClientProtocol, name: String = "Ada") async throws -> PlayPayloads.Session {
        try await client.execute(
            uri: "/api/sessions", method: .post, headers: jsonType, body: try json(["name": name])
        ) { response in
            #expect(response.status == .created)
            return try decode(PlayPayloads.Session.self, response)
        }
    }

    static func answer(
        _ client: some TestClientProtocol, session: String, turn: Int, choice: String, rt: Double = 812.5
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/sessions/\(session)/answers", method: .post, headers: jsonType,
            body: try json(["turn": turn, "choice": choice, "rt": rt]))
    }

    @Test func aWholeGameScoresFifteenAfterFiveRightAndTwentySixAfterSix() async throws {
        let fixture = try Fixture(turns: 6)
        let generator = try SetGenerator(options: fixture.options.generate)
        try await fixture.application.test(.router) { client in
            let session = try await Self.start(client)
            #expect(session.turn?.number == 1 && session.score == 0 && session.turns == 6)
            var scores: [Int] = []
            for number in 1...6 {
                let expected = try generator.renderTurn(number: number)
                // The images served are generate's images of the same turn.
                for (shape, image) in zip(expected.answer.shapes, expected.images) {
                    let served = try await client.execute(
                        uri: "/api/sessions/\(session.id)/turns/\(number)/\(shape.label).png", method: .get)
                    #expect(served.status == .ok)
                    #expect(served.headers[.contentType] == "image/png")
                    #expect(Array(served.body.readableBytesView) == image.bytes, "turn \(number) \(shape.label)")
                }
                let reply = try await Self.answer(
                    client, session: session.id, turn: number, choice: expected.answer.larger.rawValue)
                #expect(reply.status == .ok)
                let scored = try Self.decode(PlayPayloads.Scored.self, reply)
                #expect(scored.correct && scored.turn == number)
                #expect(scored.finished == (number == 6))
                #expect(scored.next?.number == (number < 6 ? number + 1 : nil))
                scores.append(scored.score)
            }
            #expect(scores[4] == 15)
            #expect(scores[5] == 26)
            let record = try await client.execute(uri: "/api/sessions/\(session.id)", method: .get) { response in
                try Self.decode(PlayPayloads.Session.self, response)
            }
            #expect(record.finished && record.score == 26 && record.answered == 6 && record.correct == 6)
            #expect(record.answers?.map(\.score) == scores)
        }
        let lines = try fixture.recordLines()
        #expect(lines.count == 6)
        #expect(lines.compactMap { $0["score"] as? Int } == [1, 2, 3, 4, 15, 26])
        #expect(lines.allSatisfy { ($0["reactionTimeMs"] as? Double) == 812.5 && ($0["player"] as? String) == "Ada" })
        for (number, line) in lines.enumerated() {
            let answer = try generator.renderTurn(number: number + 1).answer
            #expect(line["turn"] as? Int == number + 1)
            let ratio = try #require(line["areaRatio"] as? Double)
            #expect(abs(ratio / answer.areaRatio - 1) < 1e-12)
            #expect(line["choice"] as? String == answer.larger.rawValue)
        }
    }

    @Test func aWrongAnswerIsRecordedAndCostsAPoint() async throws {
        let fixture = try Fixture(turns: 3)
        let generator = try SetGenerator(options: fixture.options.generate)
        try await fixture.application.test(.router) { client in
            let session = try await Self.start(client)
            let larger = try generator.renderTurn(number: 1).answer.larger
            let reply = try await Self.answer(
                client, session: session.id, turn: 1, choice: larger == .a ? "b" : "a", rt: 400)
            let scored = try Self.decode(PlayPayloads.Scored.self, reply)
            #expect(!scored.correct && scored.increment == -1 && scored.score == -1 && scored.accuracy == 0)
            let csv = try await client.execute(uri: "/api/sessions/\(session.id)/answers.csv", method: .get)
            // The player and session columns first, so files of several players concatenate.
            #expect(
                String(buffer: csv.body).hasPrefix(
                    "player,session,practice,turn,choice,larger,correct,timedOut,areaRatio,reactionTimeMs,score,"))
            #expect(String(buffer: csv.body).contains("\nAda,\(session.id),false,1,"))
        }
        #expect(try fixture.recordLines().map { $0["correct"] as? Bool } == [false])
    }

    /// A bad request: its name, and what it sends.
    struct BadRequest: Sendable, CustomTestStringConvertible {
        let name: String
        let method: HTTPRequest.Method
        /// The path, with SESSION standing for the real session id.
        let path: String
        let body: String?
        var testDescription: String { name }
    }

    static let badRequests = [
        BadRequest(name: "unknown path", method: .get, path: "/etc/passwd", body: nil),
        BadRequest(name: "unknown API path", method: .get, path: "/api/sessions/SESSION/secrets", body: nil),
        BadRequest(name: "wrong method", method: .delete, path: "/api/sessions/SESSION", body: nil),
        BadRequest(name: "junk body", method: .post, path: "/api/sessions/SESSION/answers", body: "{turn: one"),
        BadRequest(
            name: "huge body", method: .post, path: "/api/sessions/SESSION/answers",
            body: "{\"turn\":1,\"choice\":\"a\",\"rt\":1,\"pad\":\"" + String(repeating: "x", count: 100_000) + "\"}"),
        BadRequest(
            name: "forged session", method: .post, path: "/api/sessions/0123456789abcdef0123456789abcdef/answers",
            body: "{\"turn\":1,\"choice\":\"a\",\"rt\":1}"),
        BadRequest(
            name: "session id with a path in it", method: .get, path: "/api/sessions/..%2F..%2Fetc", body: nil),
        BadRequest(
            name: "turn not shown", method: .post, path: "/api/sessions/SESSION/answers",
            body: "{\"turn\":2,\"choice\":\"a\",\"rt\":1}"),
        BadRequest(
            name: "turn zero", method: .post, path: "/api/sessions/SESSION/answers",
            body: "{\"turn\":0,\"choice\":\"a\",\"rt\":1}"),
        BadRequest(
            name: "choice c", method: .post, path: "/api/sessions/SESSION/answers",
            body: "{\"turn\":1,\"choice\":\"c\",\"rt\":1}"),
        BadRequest(
            name: "negative reaction time", method: .post, path: "/api/sessions/SESSION/answers",
            body: "{\"turn\":1,\"choice\":\"a\",\"rt\":-5}"),
        BadRequest(
            name: "turn as a string", method: .post, path: "/api/sessions/SESSION/answers",
            body: "{\"turn\":\"1\",\"choice\":\"a\",\"rt\":1}"),
        BadRequest(
            name: "image of a turn not shown", method: .get, path: "/api/sessions/SESSION/turns/2/a.png", body: nil),
        BadRequest(
            name: "image other than a or b", method: .get, path: "/api/sessions/SESSION/turns/1/c.png", body: nil),
        BadRequest(name: "empty name", method: .post, path: "/api/sessions", body: "{\"name\":\"   \"}"),
        BadRequest(
            name: "long name", method: .post, path: "/api/sessions",
            body: "{\"name\":\"" + String(repeating: "n", count: 65) + "\"}"),
        BadRequest(name: "no name", method: .post, path: "/api/sessions", body: "{}"),
    ]

    @Test(arguments: badRequests)
    func aBadRequestGetsA4xxChangesNothingAndTheGameGoesOn(request: BadRequest) async throws {
        let fixture = try Fixture(turns: 3)
        let generator = try SetGenerator(options: fixture.options.generate)
        try await fixture.application.test(.router) { client in
            let session = try await Self.start(client)
            let before = try fixture.files()
            let response = try await client.execute(
                uri: request.path.replacingOccurrences(of: "SESSION", with: session.id), method: request.method,
                headers: [.contentType: "application/json"],
                body: request.body.map { ByteBuffer(string: $0) })
            #expect((400..<500).contains(response.status.code), "got \(response.status)")
            #expect(response.headers[.contentSecurityPolicy] != nil)
            #expect(try fixture.files() == before, "nothing recorded")
            let after = try await client.execute(uri: "/api/sessions/\(session.id)", method: .get) { response in
                try Self.decode(PlayPayloads.Session.self, response)
            }
            #expect(after.answered == 0 && after.score == 0 && after.turn?.number == 1)
            // The server keeps serving: the real answer still counts.
            let larger = try generator.renderTurn(number: 1).answer.larger
            let reply = try await Self.answer(client, session: session.id, turn: 1, choice: larger.rawValue)
            #expect(reply.status == .ok)
        }
    }

    @Test func aSecondAnswerForOneTurnIsRefused() async throws {
        let fixture = try Fixture(turns: 3)
        try await fixture.application.test(.router) { client in
            let session = try await Self.start(client)
            #expect(try await Self.answer(client, session: session.id, turn: 1, choice: "a").status == .ok)
            let before = try fixture.files()
            let again = try await Self.answer(client, session: session.id, turn: 1, choice: "b")
            #expect(again.status == .conflict)
            #expect(try fixture.files() == before)
        }
        #expect(try fixture.recordLines().count == 1)
    }

    @Test func playersAreBoundedInNumberAndKeptApart() async throws {
        let fixture = try Fixture(turns: 2, sessionLimit: 2)
        try await fixture.application.test(.router) { client in
            let first = try await Self.start(client, name: "Ada")
            let second = try await Self.start(client, name: "Bo")
            #expect(first.id != second.id && first.id.count == 32)
            let third = try await client.execute(
                uri: "/api/sessions", method: .post, headers: Self.jsonType, body: try Self.json(["name": "Cy"]))
            #expect(third.status == .serviceUnavailable)
            #expect(try await Self.answer(client, session: second.id, turn: 1, choice: "a").status == .ok)
            let firstNow = try await client.execute(uri: "/api/sessions/\(first.id)", method: .get) { response in
                try Self.decode(PlayPayloads.Session.self, response)
            }
            #expect(firstNow.answered == 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).count == 1)
    }

    @Test func thePageIsOfflineWithAStrictPolicy() async throws {
        let fixture = try Fixture()
        try await fixture.application.test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("/play.js") && html.contains("/play.css") && !html.contains("http"))
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
            let style = try await client.execute(uri: "/play.css", method: .get)
            #expect(String(buffer: style.body).contains("#7cbbf2"))
            let script = try await client.execute(uri: "/play.js", method: .get)
            #expect(String(buffer: script.body).contains("requestAnimationFrame"))
        }
    }

    @Test func anAdaptiveGameEndsWithAnEstimate() async throws {
        let fixture = try Fixture(turns: 12, procedure: .quest(.default))
        try await fixture.application.test(.router) { client in
            let session = try await Self.start(client)
            #expect(session.strategy == "quest")
            var scored: PlayPayloads.Scored?
            var turn = session.turn
            while let shown = turn {
                let record = try await client.execute(uri: "/api/sessions/\(session.id)", method: .get) { response in
                    try Self.decode(PlayPayloads.Session.self, response)
                }
                #expect(record.turn == shown)
                let reply = try await Self.answer(client, session: session.id, turn: shown.number, choice: "a")
                scored = try Self.decode(PlayPayloads.Scored.self, reply)
                turn = scored?.next
            }
            let estimate = try #require(scored?.estimate)
            #expect(estimate.lowerRatio != nil && estimate.upperRatio != nil)
        }
        #expect(try fixture.recordLines().count == 12)
    }

    @Test func anIdleSessionIsForgotten() async throws {
        let fixture = try Fixture(turns: 3, idleLimit: .milliseconds(200))
        try await fixture.application.test(.router) { client in
            let session = try await Self.start(client)
            try await Task.sleep(for: .milliseconds(400))
            let late = try await Self.answer(client, session: session.id, turn: 1, choice: "a")
            #expect(late.status == .notFound)
        }
        #expect(try fixture.files().isEmpty)
    }

    @Test func aRestartWithTheSameFolderKeepsEveryRecord() async throws {
        let first = try Fixture(turns: 3)
        try await first.application.test(.router) { client in
            let session = try await Self.start(client)
            #expect(try await Self.answer(client, session: session.id, turn: 1, choice: "a").status == .ok)
        }
        let before = try first.files()
        let second = try Fixture(turns: 3, folder: first.folder)
        try await second.application.test(.router) { client in
            let session = try await Self.start(client, name: "Bo")
            #expect(try await Self.answer(client, session: session.id, turn: 1, choice: "b").status == .ok)
        }
        let after = try second.files()
        #expect(after.count == 2)
        for (name, bytes) in before {
            #expect(after[name] == bytes, "\(name) kept as it was")
        }
    }
}
