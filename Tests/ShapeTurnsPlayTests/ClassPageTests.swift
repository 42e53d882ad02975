import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import ShapeTurns
import ShapeTurnsAnswerKey
import Testing

@testable import ShapeTurnsPlay

/// The teacher's `/class`: the gradebook of the players so far, the live feed, the page, and
/// bad requests to its paths.
@Suite("shapeturns play: the class page")
struct ClassPageTests {
    typealias Fixture = PlayServerTests.Fixture

    /// The larger and the smaller label of turn `number` of the fixture's game.
    static func labels(_ generator: SetGenerator, turn number: Int) throws -> (right: String, wrong: String) {
        let larger = try generator.renderTurn(number: number).answer.larger
        return (larger.rawValue, larger == .a ? "b" : "a")
    }

    @Test func theGradebookHasEveryPlayersRowWithTheirScore() async throws {
        let fixture = try Fixture(turns: 6)
        let generator = try SetGenerator(options: fixture.options.generate)
        try await fixture.application.test(.router) { client in
            let ada = try await PlayServerTests.start(client, name: "Ada")
            let bo = try await PlayServerTests.start(client, name: "Bo, Jr.")
            _ = try await PlayServerTests.start(client, name: "Cy")
            for number in 1...3 {
                let reply = try await PlayServerTests.answer(
                    client, session: ada.id, turn: number, choice: try Self.labels(generator, turn: number).right)
                #expect(reply.status == .ok)
            }
            let wrong = try await PlayServerTests.answer(
                client, session: bo.id, turn: 1, choice: try Self.labels(generator, turn: 1).wrong)
            let right = try await PlayServerTests.answer(
                client, session: bo.id, turn: 2, choice: try Self.labels(generator, turn: 2).right)
            #expect(wrong.status == .ok && right.status == .ok)

            let response = try await client.execute(uri: "/class/gradebook.csv", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(response.headers[.contentDisposition]?.contains("attachment") == true)
            // score --class's columns; Ada 3 right of 6 (1 + 1 + 1), Bo wrong then right (−1 + 1),
            // Cy joined and has not answered.
            #expect(
                String(buffer: response.body)
                    == [
                        "number,student,sheet,status,correct,wrong,blank,turns,percent,streak_points",
                        "1,Ada,,present,3,0,3,6,50.0,3",
                        "2,\"Bo, Jr.\",,present,1,1,4,6,16.7,0",
                        "3,Cy,,absent,,,,6,,",
                    ].map { $0 + "\r\n" }.joined())
        }
    }

    @Test func theLiveFeedDeliversAnUpdateAfterAnAnswer() async throws {
        let fixture = try Fixture(turns: 4)
        let generator = try SetGenerator(options: fixture.options.generate)
        try await fixture.application.test(.router) { client in
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                group.addTask { try await client.execute(uri: "/class/events", method: .get) }
                for _ in 0..<500 where await fixture.game.classWatcherCount == 0 {
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(await fixture.game.classWatcherCount == 1)
                let ada = try await PlayServerTests.start(client, name: "Ada")
                let reply = try await PlayServerTests.answer(
                    client, session: ada.id, turn: 1, choice: try Self.labels(generator, turn: 1).right)
                #expect(reply.status == .ok)
                // A closed feed still delivers what it holds, then the response ends.
                await fixture.game.closeClassFeeds()
                let feed = try #require(try await group.next())
                #expect(feed.status == .ok)
                #expect(feed.headers[.contentType] == "text/event-stream; charset=utf-8")
                let blocks = String(buffer: feed.body).components(separatedBy: "\n\n").filter { !$0.isEmpty }
                // The heartbeats between lists are comments, which EventSource skips.
                let events = blocks.filter { !$0.hasPrefix(":") }
                #expect(blocks.filter { $0.hasPrefix(":") }.allSatisfy { $0 == ": beat" })
                let lists = try events.map { event in
                    let prefix = "event: class\ndata: "
                    #expect(event.hasPrefix(prefix), "\(event)")
                    return try JSONDecoder().decode(
                        PlayPayloads.ClassSnapshot.self, from: Data(event.dropFirst(prefix.count).utf8))
                }
                #expect(lists.first?.players == [], "the first event is the class as the page opened")
                let last = try #require(lists.last)
                #expect(last.turns == 4 && last.strategy == fixture.options.strategyName)
                #expect(
                    last.players == [
                        .init(
                            number: 1, name: "Ada", answered: 1, turns: 4, score: 1, correct: 1, accuracy: 1,
                            finished: false, estimate: nil)
                    ])
            }
        }
    }

    @Test func anAdaptiveGamesListShowsTheEstimate() async throws {
        let fixture = try Fixture(turns: 5, procedure: .quest(.default))
        try await fixture.application.test(.router) { client in
            let ada = try await PlayServerTests.start(client, name: "Ada")
            var turn = ada.turn
            var last: PlayPayloads.Scored?
            while let shown = turn {
                let reply = try await PlayServerTests.answer(client, session: ada.id, turn: shown.number, choice: "a")
                last = try PlayServerTests.decode(PlayPayloads.Scored.self, reply)
                turn = last?.next
            }
            let list = await fixture.game.classSnapshot()
            let estimate = try #require(list.players.first?.estimate)
            #expect(estimate == last?.estimate)
            #expect(list.players.first?.finished == true && list.strategy == "quest")
        }
    }

    @Test func thePageIsOfflineWithAStrictPolicy() async throws {
        let fixture = try Fixture()
        try await fixture.application.test(.router) { client in
            let page = try await client.execute(uri: "/class", method: .get)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("/class.js") && html.contains("/class.css") && !html.contains("http"))
            #expect(!html.contains("<script>") && !html.contains("style="))
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"))
            let script = String(buffer: try await client.execute(uri: "/class.js", method: .get).body)
            #expect(script.contains("EventSource(\"/class/events\")") && !script.contains("innerHTML"))
            let style = try await client.execute(uri: "/class.css", method: .get)
            #expect(style.status == .ok && style.headers[.contentType] == "text/css; charset=utf-8")
        }
    }

    static let badRequests: [(HTTPRequest.Method, String)] = [
        (.post, "/class"), (.delete, "/class/gradebook.csv"), (.post, "/class/gradebook.csv"),
        (.put, "/class/events"), (.get, "/class/nope"), (.get, "/class/gradebook.json"),
        (.get, "/class/events/1"), (.get, "/class/gradebook.csv/x"), (.post, "/class.js"),
    ]

    @Test(arguments: badRequests)
    func aBadRequestToAClassPathGetsA4xxAndTheServerGoesOn(method: HTTPRequest.Method, path: String) async throws {
        let fixture = try Fixture(turns: 2)
        try await fixture.application.test(.router) { client in
            let ada = try await PlayServerTests.start(client, name: "Ada")
            let before = try await client.execute(uri: "/class/gradebook.csv", method: .get)
            let response = try await client.execute(
                uri: path, method: method, body: ByteBuffer(string: "{\"name\":\"Eve\"}"))
            #expect((400..<500).contains(response.status.code), "\(method) \(path): \(response.status)")
            #expect(response.headers[.contentSecurityPolicy] != nil)
            let after = try await client.execute(uri: "/class/gradebook.csv", method: .get)
            #expect(after.status == .ok && String(buffer: after.body) == String(buffer: before.body))
            #expect(await fixture.game.sessionCount == 1 && ada.answered == 0)
        }
    }
}
