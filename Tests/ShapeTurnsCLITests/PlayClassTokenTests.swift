import Foundation
import Testing

/// `play` beyond loopback keeps `/class` to the teacher: it makes a token, prints the class
/// page's address with it, and refuses the page and the gradebook without it.
@Suite("shapeturns play: the class token")
struct PlayClassTokenTests {
    /// The token in the banner's class page address.
    static func printedToken(_ banner: String) throws -> String {
        let line = try #require(banner.split(separator: "\n").first { $0.hasPrefix("Class page: ") })
        let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") })
        let query = try #require(address.split(separator: "?").dropFirst().first)
        #expect(query.hasPrefix("token="), "\(line)")
        return String(query.dropFirst("token=".count))
    }

    @Test func beyondLoopbackATokenIsMadePrintedAndRequired() throws {
        let folder = try TemporaryFolder()
        let server = try PlayServerProcess(["--host", "0.0.0.0", "--out", folder.path("records"), "--turns", "3"])
        let token = try Self.printedToken(server.banner)
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(server.banner)")
        _ = try server.json("/api/sessions", method: "POST", body: "{\"name\": \"Ada\"}", status: 201)
        #expect(try server.request("/class").status == 401)
        #expect(try server.request("/class/gradebook.csv").status == 401)
        #expect(try server.request("/class/gradebook.csv?token=\(String(token.reversed()))").status == 403)
        let gradebook = try server.request("/class/gradebook.csv?token=\(token)")
        #expect(gradebook.status == 200)
        #expect(gradebook.body.contains("1,Ada,"))
        #expect(try server.request("/class?token=\(token)").status == 303)
        #expect(server.stop() == 0)

        let again = try PlayServerProcess(["--host", "0.0.0.0", "--out", folder.path("records"), "--turns", "3"])
        #expect(try Self.printedToken(again.banner) != token, "each start makes a new token")
        #expect(again.stop() == 0)
    }

    @Test func onLoopbackAGivenTokenIsUsedAndNoneIsOpen() throws {
        let folder = try TemporaryFolder()
        let given = "room12-monday-7f3k9q"
        let locked = try PlayServerProcess(["--class-token", given, "--out", folder.path("a"), "--turns", "3"])
        #expect(try Self.printedToken(locked.banner) == given)
        #expect(try locked.request("/class").status == 401)
        #expect(try locked.request("/class/gradebook.csv?token=\(given)").status == 200)
        #expect(locked.stop() == 0)

        let open = try PlayServerProcess(["--out", folder.path("b"), "--turns", "3"])
        #expect(open.banner.contains("/class\n"), "\(open.banner)")
        #expect(try open.request("/class").status == 200)
        #expect(open.stop() == 0)
    }

    @Test(arguments: ["short", "room12 monday 7f3k9q", "room12-monday-7f3k9q&x=1"])
    func aBadTokenIsAUsageError(token: String) throws {
        let result = try ShapeTurnsBinary.run(["play", "--class-token", token, "--port", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--class-token"), "\(result.stderr)")
    }
}
