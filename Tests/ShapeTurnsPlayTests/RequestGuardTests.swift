import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import Testing

@testable import ShapeTurnsPlay

/// What every request passes before the routes: plain paths, this server's Host, JSON bodies
/// from allowed origins, CORS and framing for `--allow-origin` only, and no key named twice.
@Suite("shapeturns play: the request guard")
struct RequestGuardTests {
    typealias Fixture = PlayServerTests.Fixture

    static func fixture(origins: [String] = [], token: String? = "teacher-token-0123456789") throws -> Fixture {
        try Fixture(turns: 3, classToken: token, allowedOrigins: origins)
    }

    @Test(arguments: [
        "//class/gradebook.csv", "//class/events", "//class", "/./class", "/class/./gradebook.csv",
        "/x/../class/gradebook.csv", "/class//gradebook.csv", "/%63lass/gradebook.csv", "/class%2Fgradebook.csv",
        "/class\\gradebook.csv", "/api/../class/gradebook.csv",
    ])
    func anotherSpellingOfAClassPathIsRefused(path: String) async throws {
        let fixture = try Self.fixture()
        try await fixture.application.test(.router) { client in
            _ = try await PlayServerTests.start(client, name: "Secret")
            let response = try await client.execute(uri: path, method: .get)
            #expect((400..<500).contains(response.status.code), "\(path): \(response.status)")
            #expect(!String(buffer: response.body).contains("Secret"))
        }
    }

    @Test func onlyTheServersOwnNamesAreItsHosts() {
        let loopback = HostAllowList(listenHost: "127.0.0.1")
        for host in ["127.0.0.1:8080", "localhost", "LOCALHOST:80", "[::1]:8080", "127.0.0.2", nil] {
            #expect(loopback.allows(host), "\(host ?? "no Host")")
        }
        for host in [
            "evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1",
        ] {
            #expect(!loopback.allows(host), "\(host)")
        }
        let named = HostAllowList(listenHost: "play.school.example")
        #expect(named.allows("play.school.example:8080") && named.allows("Play.School.Example."))
        #expect(!named.allows("localhost") && !named.allows("evil.example"))
        let everywhere = HostAllowList(listenHost: "0.0.0.0")
        #expect(everywhere.allows("127.0.0.1:8080") && everywhere.allows("localhost"))
        #expect(!everywhere.allows("evil.example") && !everywhere.allows("203.0.113.7"))
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil])
    func aBodyThatIsNotJSONIsRefusedWith415(type: String?) async throws {
        let fixture = try Self.fixture()
        try await fixture.application.test(.router) { client in
            var headers = HTTPFields()
            if let type { headers[.contentType] = type }
            let response = try await client.execute(
                uri: "/api/sessions", method: .post, headers: headers, body: ByteBuffer(string: "{\"name\":\"Eve\"}"))
            #expect(response.status.code == 415)
            #expect(await fixture.game.sessionCount == 0)
        }
    }

    @Test func anotherOriginIsRefusedUnlessAllowed() async throws {
        let lab = "http://lab.example:9000"
        let closed = try Self.fixture()
        try await closed.application.test(.router) { client in
            let post = try await client.execute(
                uri: "/api/sessions", method: .post,
                headers: [.contentType: "application/json", .origin: lab], body: try PlayServerTests.json(["name": "X"])
            )
            #expect(post.status == .forbidden)
            let preflight = try await client.execute(uri: "/api/sessions", method: .options, headers: [.origin: lab])
            #expect(preflight.status == .forbidden && preflight.headers[.accessControlAllowOrigin] == nil)
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.headers[.contentSecurityPolicy]?.hasSuffix("frame-ancestors 'none'") == true)
        }
        let open = try Self.fixture(origins: [lab])
        try await open.application.test(.router) { client in
            let preflight = try await client.execute(
                uri: "/api/sessions", method: .options, headers: [.origin: lab, .accessControlRequestMethod: "POST"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == lab)
            #expect(preflight.headers[.accessControlAllowHeaders] == "Content-Type")
            let post = try await client.execute(
                uri: "/api/sessions", method: .post,
                headers: [.contentType: "application/json", .origin: lab],
                body: try PlayServerTests.json(["name": "Lab"]))
            #expect(post.status == .created && post.headers[.accessControlAllowOrigin] == lab)
            let other = try await client.execute(
                uri: "/api/sessions", method: .post,
                headers: [.contentType: "application/json", .origin: "http://evil.example"],
                body: try PlayServerTests.json(["name": "Evil"]))
            #expect(other.status == .forbidden && other.headers[.accessControlAllowOrigin] == nil)
            let otherPreflight = try await client.execute(
                uri: "/api/sessions", method: .options, headers: [.origin: "http://evil.example"])
            #expect(otherPreflight.status == .forbidden)
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.headers[.contentSecurityPolicy]?.hasSuffix("frame-ancestors \(lab)") == true)
            let classPage = try await client.execute(uri: "/class/gradebook.csv", method: .get, headers: [.origin: lab])
            #expect(classPage.headers[.accessControlAllowOrigin] == nil, "the teacher's data is not shared")
            #expect(await open.game.sessionCount == 1)
        }
    }

    @Test(arguments: [
        "{\"turn\":1,\"turn\":2,\"choice\":\"a\",\"rt\":1}", "{\"turn\":1,\"choice\":\"a\",\"choice\":\"b\",\"rt\":1}",
        "{\"turn\":1,\"choice\":\"a\",\"rt\":1,\"rt\":2}", "{\"turn\":1,\"\\u0074urn\":1,\"choice\":\"a\",\"rt\":1}",
    ])
    func aKeyNamedTwiceIsRefused(body: String) async throws {
        let fixture = try Self.fixture()
        try await fixture.application.test(.router) { client in
            let session = try await PlayServerTests.start(client)
            let response = try await client.execute(
                uri: "/api/sessions/\(session.id)/answers", method: .post, headers: PlayServerTests.jsonType,
                body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            #expect(try fixture.files().isEmpty, "nothing recorded")
        }
    }

    @Test func theDuplicateKeyCheckSeesKeysOfEachObjectApart() {
        #expect(DuplicateKeyCheck.duplicateKey(in: Array("{\"a\":{\"a\":1},\"b\":[{\"a\":1},{\"a\":2}]}".utf8)) == nil)
        #expect(DuplicateKeyCheck.duplicateKey(in: Array("{\"a\":\"a\",\"b\":\"a\"}".utf8)) == nil)
        #expect(DuplicateKeyCheck.duplicateKey(in: Array("{\"x\":{\"a\":1,\"a\":2}}".utf8)) == "a")
        #expect(DuplicateKeyCheck.duplicateKey(in: Array("{\"a\\\"\":1,\"a\\\"\":2}".utf8)) == "a\"")
    }

    @Test func finishedGamesDoNotCountAgainstTheLimit() async throws {
        let fixture = try PlayServerTests.Fixture(turns: 1, sessionLimit: 2)
        try await fixture.application.test(.router) { client in
            for name in ["Ada", "Bo", "Cy"] {
                let session = try await PlayServerTests.start(client, name: name)
                #expect(
                    try await PlayServerTests.answer(client, session: session.id, turn: 1, choice: "a").status == .ok)
            }
            _ = try await PlayServerTests.start(client, name: "Di")
            _ = try await PlayServerTests.start(client, name: "Ed")
            let refused = try await client.execute(
                uri: "/api/sessions", method: .post, headers: PlayServerTests.jsonType,
                body: try PlayServerTests.json(["name": "Fay"]))
            #expect(refused.status == .serviceUnavailable)
            #expect(await fixture.game.classSnapshot().players.map(\.name) == ["Ada", "Bo", "Cy", "Di", "Ed"])
        }
    }
}
