import Foundation
import Testing

/// `shapeturns play` as a person plays it: the built binary serves on a free port, Debian's
/// Chromium (selenium, chromium-driver) types a name, clicks the larger shape of some turns, a
/// smaller one, and presses an arrow key; the page's score, the record file and `shapeturns
/// score` on that file must agree, and Ctrl-C (SIGINT) must stop the server with status 0.
@Suite("shapeturns play in a real browser", .slow)
struct PlayInBrowserTests {
    @Test func aPlayedGameShowsAndRecordsTheScoreThatScoreGives() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let key = folder.url.appendingPathComponent("key")
        let options = ["--turns", "6", "--seed", "5"]
        let generated = try ShapeTurnsBinary.run(["generate", "--out", key.path, "-q", "--size", "128"] + options)
        try #require(generated.status == 0, "\(generated.stderr)")

        let server = Process()
        server.executableURL = ShapeTurnsBinary.url
        server.arguments = ["play", "--port", "0", "--out", records.path, "--size", "128"] + options
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            if server.isRunning { server.terminate() }
        }
        // "Playing at http://127.0.0.1:PORT/ (records in ...)": the first line names the address.
        var banner = Data()
        while !banner.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "the server printed no address")
            banner.append(chunk)
        }
        let line = String(decoding: banner, as: UTF8.self)
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))

        let seen = try PythonCheck.run(
            "play-in-browser.py", [url, key.appendingPathComponent("answers.jsonl").path, "rrrwrk"])
        #expect((seen["errors"] as? [String]) == [], "browser errors: \(seen["errors"] ?? "")")
        #expect(
            (seen["scores"] as? [String]) == ["Score: 1", "Score: 2", "Score: 3", "Score: 2", "Score: 3", "Score: 4"])
        #expect(seen["finalScore"] as? String == "Score: 4")
        #expect(seen["accuracy"] as? String == "Right: 83%")

        kill(server.processIdentifier, SIGINT)
        server.waitUntilExit()
        #expect(server.terminationStatus == 0, "Ctrl-C stops the server cleanly")

        let files = try FileManager.default.contentsOfDirectory(atPath: records.path)
        let file = records.appendingPathComponent(try #require(files.first { $0.hasSuffix(".jsonl") }))
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)
        let rts = try lines.map { line -> Double in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["reactionTimeMs"] as? Double)
        }
        #expect(rts.allSatisfy { $0 > 0 && $0 < 60_000 }, "reaction times measured in the browser: \(rts)")
        // The record carries the game's options: scored with none.
        let scored = try ShapeTurnsBinary.run(["score", "--responses", file.path])
        #expect(scored.status == 0, "\(scored.stderr)")
        #expect(scored.stdout.contains("5 / 6 correct"))
        #expect(scored.stdout.contains("Streak points: 4"))
    }
}
