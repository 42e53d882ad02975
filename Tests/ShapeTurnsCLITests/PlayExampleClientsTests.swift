import Foundation
import Testing

/// The documented clients of `shapeturns play`'s API run whole games against the built server:
/// Examples/jsPsychTimeline from another origin in Chromium (the server started with
/// `--allow-origin` naming it), and Examples/PsychoPyClient in plain Python. Each record must
/// carry the client's metadata and be scored by `shapeturns score` as the client saw it.
@Suite("shapeturns play: the jsPsych and PsychoPy examples", .slow)
struct PlayExampleClientsTests {
    static func record(in folder: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let name = try #require(names.first { $0.hasPrefix("session-") && $0.hasSuffix(".jsonl") }, "\(names)")
        return folder.appendingPathComponent(name)
    }

    static func firstLine(_ file: URL) throws -> [String: Any] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func theJsPsychTimelineOnAnotherOriginPlaysAWholeGame() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let seen = try PythonCheck.run(
            "play-jspsych-example.py", [ShapeTurnsBinary.url.path, records.path, "5", "--size", "128", "--seed", "3"])
        #expect(seen["finished"] as? Bool == true, "\(seen)")
        #expect((seen["errors"] as? [String]) == [], "\(seen["errors"] ?? "")")
        #expect(seen["stopStatus"] as? Int == 0)
        let trials = try #require(seen["trials"] as? [[String: Any]])
        let turns = trials.filter { $0["turn"] != nil }
        #expect(turns.count == 5)
        let file = try Self.record(in: records)
        let first = try Self.firstLine(file)
        #expect(
            first["metadata"] as? [String: String] == ["participant": "P07", "condition": "blue", "session_group": "2"])
        #expect((first["context"] as? [String: Any])?["input"] as? String == "key")
        let scored = try ShapeTurnsBinary.run(["score", "--responses", file.path])
        #expect(scored.status == 0, "\(scored.stderr)")
        let score = try #require(turns.last?["score"] as? Int)
        #expect(scored.stdout.contains("Streak points: \(score)"), "\(scored.stdout)")
        let debrief = try #require(seen["debrief"] as? String)
        #expect(debrief.contains("Score: \(score)"))
        let exported = try String(contentsOf: records.appendingPathComponent("trials.csv"), encoding: .utf8)
        #expect(exported.split(separator: "\n").count == 6, "a header and a row per turn: \(exported)")
    }

    @Test func thePsychoPyStyleClientPlaysASessionThroughTheAPI() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let server = try PlayServerProcess(["--out", records.path, "--turns", "6", "--size", "64", "--practice", "2"])
        let client = PythonCheck.root.appendingPathComponent("Examples/PsychoPyClient/play_session.py")
        let result = try ShapeTurnsBinary.runTool(
            try PythonCheck.python(),
            [client.path, server.base, "--participant", "P11", "--condition", "red", "--auto", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["answered"] as? Int == 8, "2 practice turns and 6 turns: \(summary)")
        #expect(server.stop() == 0)
        let file = try Self.record(in: records)
        #expect(
            try Self.firstLine(file)["metadata"] as? [String: String]
                == ["participant": "P11", "condition": "red", "client": "psychopy-style"])
        let practice = records.appendingPathComponent(
            file.lastPathComponent.replacingOccurrences(of: "session-", with: "practice-"))
        #expect(FileManager.default.fileExists(atPath: practice.path))
        let scored = try ShapeTurnsBinary.run(["score", "--responses", file.path])
        #expect(scored.status == 0, "\(scored.stderr)")
        #expect(scored.stdout.contains("Streak points: \(summary["score"] as? Int ?? -1)"), "\(scored.stdout)")
    }
}
