import Foundation
import Testing

/// `shapeturns score` on the record of an adaptive game played on the real server: the score
/// and the estimate (with its interval for quest) are the ones the game's last reply showed,
/// recomputed from the record; a killed server's record still scores; junk is refused.
@Suite("shapeturns score on a play record")
struct PlayRecordScoreTests {
    /// Plays `turns` turns (or to the end) answering a, a, b, a, b, … and returns the last reply.
    static func play(_ server: PlayServerProcess, name: String, turns: Int = .max) throws -> (
        id: String, last: [String: Any]
    ) {
        let session = try server.json("/api/sessions", method: "POST", body: "{\"name\": \"\(name)\"}", status: 201)
        let id = try #require(session["id"] as? String)
        var turn = (session["turn"] as? [String: Any])?["number"] as? Int
        var last: [String: Any] = [:]
        while let number = turn, number <= turns {
            let choice = [1, 2, 4].contains(number % 5) ? "a" : "b"
            last = try server.json(
                "/api/sessions/\(id)/answers", method: "POST",
                body: "{\"turn\": \(number), \"choice\": \"\(choice)\", \"rt\": 640}")
            turn = (last["next"] as? [String: Any])?["number"] as? Int
        }
        return (id, last)
    }

    @Test(arguments: [
        ["--strategy", "quest"],
        ["--strategy", "staircase", "--down", "2", "--step-sizes", "0.2,0.1"],
    ])
    func scoreShowsTheEstimateTheGameEndedWith(procedure: [String]) throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let options = ["--turns", "14", "--seed", "3", "--shapes", "circle,square"] + procedure
        let server = try PlayServerProcess(["--out", records.path, "--size", "32"] + options)
        let (id, last) = try Self.play(server, name: "Ada")
        #expect(last["finished"] as? Bool == true)
        #expect(server.stop() == 0)
        let shown = try #require(last["estimate"] as? [String: Double])
        let file = records.appendingPathComponent("session-\(id).jsonl").path

        let scored = try ShapeTurnsBinary.run(["score", "--responses", file, "--json"] + options.dropFirst(4))
        #expect(scored.status == 0, "\(scored.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any])
        #expect(report["total"] as? Int == last["score"] as? Int)
        #expect(report["estimate"] as? [String: Double] == shown)
        #expect(report["strategy"] as? String == procedure[1])
        #expect(report["player"] as? String == "Ada")

        let text = try ShapeTurnsBinary.run(["score", "--responses", file] + options.dropFirst(4))
        #expect(text.status == 0, "\(text.stderr)")
        let ratio = try #require(shown["ratio"])
        #expect(text.stdout.contains("Threshold (\(procedure[1])): area ratio \(String(format: "%.3f", ratio))"))
        #expect(text.stdout.contains("Streak points: \(last["score"] as? Int ?? 0)"))
        if let lower = shown["lowerRatio"], let upper = shown["upperRatio"] {
            #expect(
                text.stdout.contains(
                    "95% interval \(String(format: "%.3f", lower)) to \(String(format: "%.3f", upper))"))
        } else {
            #expect(procedure[1] == "staircase")
        }

        // Without the game's procedure settings the record does not agree: refused, not misreported.
        if procedure[1] == "staircase" {
            let plain = try ShapeTurnsBinary.run(["score", "--responses", file, "--shapes", "circle,square"])
            #expect(plain.status == 65, "\(plain.stdout)")
            #expect(plain.stderr.contains("procedure options"), "\(plain.stderr)")
            #expect(plain.stdout.isEmpty)
        }
        // An adaptive game's turns cannot be rebuilt from a seed.
        let keyed = try ShapeTurnsBinary.run(["score", "--responses", file, "--seed", "3", "--turns", "14"])
        #expect(keyed.status == 64, "\(keyed.stdout)")
        #expect(keyed.stderr.contains("without --key or --seed"), "\(keyed.stderr)")
    }

    @Test func aKilledServersRecordsStayScorableAndARestartKeepsThem() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let options = ["--out", records.path, "--size", "32", "--turns", "20", "--strategy", "quest"]
        let first = try PlayServerProcess(options)
        let (id, last) = try Self.play(first, name: "Ada", turns: 7)
        #expect(first.stop(SIGKILL) == SIGKILL)
        let file = records.appendingPathComponent("session-\(id).jsonl")
        let killed = try Data(contentsOf: file)
        #expect(killed.split(separator: UInt8(ascii: "\n")).count == 7, "every acknowledged answer is on disk")

        let scored = try ShapeTurnsBinary.run(["score", "--responses", file.path, "--json"])
        #expect(scored.status == 0, "\(scored.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any])
        #expect(report["total"] as? Int == last["score"] as? Int)
        #expect(report["estimate"] as? [String: Double] == last["estimate"] as? [String: Double])

        let second = try PlayServerProcess(options)
        let (otherID, _) = try Self.play(second, name: "Bo", turns: 2)
        #expect(second.stop() == 0)
        #expect(otherID != id)
        #expect(try Data(contentsOf: file) == killed, "the restart left the killed game's record as it was")
        let names = try FileManager.default.contentsOfDirectory(atPath: records.path)
        #expect(Set(names) == ["session-\(id).jsonl", "session-\(otherID).jsonl"])
    }

    @Test func aPlainGamesRecordIsScoredWithItsOwnSeedOnly() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let server = try PlayServerProcess(["--out", records.path, "--size", "32", "--turns", "5", "--seed", "8"])
        let (id, last) = try Self.play(server, name: "Ada")
        #expect(server.stop() == 0)
        let file = records.appendingPathComponent("session-\(id).jsonl").path
        let right = try ShapeTurnsBinary.run(["score", "--responses", file, "--seed", "8", "--turns", "5", "--json"])
        #expect(right.status == 0, "\(right.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(right.stdout.utf8)) as? [String: Any])
        #expect(report["total"] as? Int == last["score"] as? Int)
        let wrong = try ShapeTurnsBinary.run(["score", "--responses", file, "--seed", "9", "--turns", "5"])
        #expect(wrong.status == 65, "\(wrong.stdout)")
        #expect(wrong.stderr.contains("seed 8"), "\(wrong.stderr)")
        let unkeyed = try ShapeTurnsBinary.run(["score", "--responses", file])
        #expect(unkeyed.status == 64)
        #expect(unkeyed.stderr.contains("--seed 8"), "\(unkeyed.stderr)")
    }

    @Test func aMixedRecordOrAPlainFileIsRefusedWithOneLine() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let server = try PlayServerProcess([
            "--out", records.path, "--size", "32", "--turns", "4", "--strategy", "quest",
        ])
        let ada = try Self.play(server, name: "Ada")
        let bo = try Self.play(server, name: "Bo")
        #expect(server.stop() == 0)
        let mixed = folder.url.appendingPathComponent("mixed.jsonl")
        let lines = try [ada.id, bo.id].flatMap { id in
            try String(contentsOf: records.appendingPathComponent("session-\(id).jsonl"), encoding: .utf8)
                .split(separator: "\n").prefix(2)
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: mixed)
        let result = try ShapeTurnsBinary.run(["score", "--responses", mixed.path])
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("another game"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)

        let plain = folder.url.appendingPathComponent("plain.csv")
        try Data("turn,choice\n1,a\n".utf8).write(to: plain)
        let unkeyed = try ShapeTurnsBinary.run(["score", "--responses", plain.path])
        #expect(unkeyed.status == 64)
        #expect(unkeyed.stderr.contains("--key"), "\(unkeyed.stderr)")
    }
}
