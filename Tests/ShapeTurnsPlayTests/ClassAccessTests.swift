import Foundation
import Hummingbird
import HummingbirdTesting
import ShapeGame
import ShapeTurns
import Testing

@testable import ShapeTurnsPlay

/// `/class` with a teacher's token: without it (or with a wrong one) the page, the live feed and
/// the gradebook are refused and show nothing; with it (in the address, then as the cookie the
/// server sets) they are served; the players' game is not affected.
@Suite("shapeturns play: the class page's token")
struct ClassAccessTests {
    static let token = "room12-monday-7f3k9q2x"

    static let classPaths = ["/class", "/class/gradebook.csv", "/class/events"]

    @Test(arguments: classPaths)
    func withoutTheTokenTheClassIsRefusedAndShowsNoName(path: String) async throws {
        let fixture = try PlayServerTests.Fixture(turns: 4, classToken: Self.token)
        try await fixture.application.test(.router) { client in
            _ = try await PlayServerTests.start(client, name: "Ada Lovelace")
            let cases: [(uri: String, headers: HTTPFields, status: HTTPResponse.Status)] = [
                (path, [:], .unauthorized),
                (path + "?token=room12-monday-7f3k9q2y", [:], .forbidden),
                (path + "?token=", [:], .forbidden),
                (path, [.cookie: "shapeturns-class=guess-guess-guess-guess"], .forbidden),
                (path + "?tok=" + Self.token, [:], .unauthorized),
            ]
            for refused in cases {
                let response = try await client.execute(uri: refused.uri, method: .get, headers: refused.headers)
                #expect(response.status == refused.status, "\(refused.uri) \(refused.headers)")
                #expect(!String(buffer: response.body).contains("Ada"), "\(refused.uri) shows no player")
                #expect(response.headers[.contentSecurityPolicy] != nil)
                #expect(response.headers[.setCookie] == nil)
            }
            // The players' own page and API are open as before.
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
            _ = try await PlayServerTests.start(client, name: "Bo")
        }
    }

    @Test func theTeachersAddressSetsACookieThatOpensThePageAndTheGradebook() async throws {
        let fixture = try PlayServerTests.Fixture(turns: 4, classToken: Self.token)
        try await fixture.application.test(.router) { client in
            _ = try await PlayServerTests.start(client, name: "Ada")
            let opened = try await client.execute(uri: "/class?token=\(Self.token)", method: .get)
            #expect(opened.status == .seeOther)
            #expect(opened.headers[.location] == "/class")
            let cookie = try #require(opened.headers[.setCookie])
            #expect(cookie.hasPrefix("shapeturns-class=\(Self.token)"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/class"))

            let headers: HTTPFields = [.cookie: "shapeturns-class=\(Self.token)"]
            let page = try await client.execute(uri: "/class", method: .get, headers: headers)
            #expect(page.status == .ok)
            #expect(String(buffer: page.body).contains("class.js"))
            let gradebook = try await client.execute(uri: "/class/gradebook.csv", method: .get, headers: headers)
            #expect(gradebook.status == .ok)
            #expect(String(buffer: gradebook.body).contains("1,Ada,"))
            // A script (curl, a spreadsheet) may give the token in the address instead.
            let direct = try await client.execute(uri: "/class/gradebook.csv?token=\(Self.token)", method: .get)
            #expect(direct.status == .ok)
            #expect(String(buffer: direct.body) == String(buffer: gradebook.body))
        }
    }

    @Test func withoutATokenTheClassIsOpenAsOnLoopback() async throws {
        let fixture = try PlayServerTests.Fixture(turns: 4)
        try await fixture.application.test(.router) { client in
            let page = try await client.execute(uri: "/class", method: .get)
            let gradebook = try await client.execute(uri: "/class/gradebook.csv", method: .get)
            #expect(page.status == .ok && gradebook.status == .ok)
        }
    }

    @Test(arguments: [
        ("room12-monday-7f3k9q", true), (String(repeating: "a", count: 16), true),
        (String(repeating: "a", count: 128), true), (String(repeating: "a", count: 15), false),
        (String(repeating: "a", count: 129), false), ("room12 monday 7f3k9q", false),
        ("room12-monday-7f3k9q&x=1", false),
        ("räum12-monday-7f3k9q", false),
    ])
    func aGivenTokenIsUrlSafeAndLongEnough(token: String, valid: Bool) {
        #expect(ClassToken.isValid(token) == valid)
    }

    @Test func aMadeTokenIsValidAndNew() {
        let one = ClassToken.make()
        #expect(ClassToken.isValid(one))
        #expect(one != ClassToken.make())
        #expect(
            ClassToken.isLoopback("127.0.0.1") && ClassToken.isLoopback("localhost") && ClassToken.isLoopback("::1"))
        #expect(!ClassToken.isLoopback("0.0.0.0") && !ClassToken.isLoopback("192.168.1.20"))
    }
}
