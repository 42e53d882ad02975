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

    /// The teacher's path in a real browser (Debian's Chromium through selenium): the class
    /// paths refused without the token and with a wrong one, then the printed address keeps the
    /// token in an HttpOnly cookie, leaves plain `/class` in the address bar, and the live list
    /// and the gradebook link work over that cookie alone; with the cookies cleared, refused again.
    @Test(.slow) func theTeachersPrintedAddressWorksInABrowserAndNothingElseDoes() throws {
        let folder = try TemporaryFolder()
        let server = try PlayServerProcess(["--host", "0.0.0.0", "--out", folder.path("records"), "--turns", "3"])
        let printed = try #require(
            server.banner.split(separator: "\n").first { $0.hasPrefix("Class page: ") }?.split(separator: " ").last)
        _ = try server.json("/api/sessions", method: "POST", body: "{\"name\": \"Ada\"}", status: 201)

        let seen = try PythonCheck.run("class-token-in-browser.py", [String(printed), "Ada", "Bo"])
        #expect(server.stop() == 0)

        let refused = try #require(seen["refused"] as? [[String: Any]])
        #expect(refused.map { $0["loads"] as? [Int] } == [[401], [401], [401], [403], [403]], "\(refused)")
        #expect(refused.allSatisfy { $0["shownName"] as? Bool == false }, "no name without the token")
        #expect((seen["cookiesBefore"] as? [Any])?.isEmpty == true, "a refusal sets no cookie")

        let base = try #require(String(printed).components(separatedBy: "/class").first)
        let loads = try #require(seen["printedLoads"] as? [[Any]])
        #expect(loads.map { $0.last as? Int } == [303, 200], "\(loads)")
        #expect(loads.map { $0.first as? String } == ["\(base)/class?token=TOKEN", "\(base)/class"])
        #expect(seen["address"] as? String == "\(base)/class", "the token leaves the address bar")
        let cookies = try #require(seen["cookies"] as? [[String: Any]])
        #expect(cookies.count == 1)
        let cookie = try #require(cookies.first)
        #expect(cookie["name"] as? String == "shapeturns-class")
        #expect(cookie["isToken"] as? Bool == true)
        #expect(cookie["path"] as? String == "/class")
        #expect(cookie["httpOnly"] as? Bool == true)
        #expect(cookie["sameSite"] as? String == "Lax")
        #expect(seen["documentCookie"] as? String == "", "no script on the page can read the token")

        #expect(seen["joinStatus"] as? Int == 201)
        let rows = try #require(seen["rows"] as? String).split(separator: "\n")
        #expect(rows.count == 2 && rows[0].hasPrefix("1 Ada ") && rows[1].hasPrefix("2 Bo "), "\(rows)")
        #expect(seen["gradebookLink"] as? String == "/class/gradebook.csv", "the link carries no token")
        let gradebook = try #require(seen["gradebook"] as? [Any])
        #expect(gradebook.first as? Int == 200)
        let csv = try #require(gradebook.last as? String)
        #expect(csv.contains("\r\n1,Ada,") && csv.contains("\r\n2,Bo,"), "\(csv)")
        #expect((seen["errors"] as? [String]) == [], "browser errors: \(seen["errors"] ?? "")")

        let cleared = try #require(seen["afterClearing"] as? [String: Any])
        #expect(cleared["loads"] as? [Int] == [401], "\(cleared)")
        #expect(cleared["shownName"] as? Bool == false)
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
