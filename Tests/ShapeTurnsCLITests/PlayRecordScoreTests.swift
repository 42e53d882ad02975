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
        ["--strategy", "quest", "--prior-threshold", "1.2", "--prior-sd", "0.4"],
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

        // The record carries the game's options: scored alone, it gives the same.
        let alone = try ShapeTurnsBinary.run(["score", "--responses", file, "--json"])
        #expect(alone.stdout == scored.stdout, "\(alone.stderr)")
        #expect(alone.status == 0)
        // Piped to `--responses -`, it is told a record as the file is, not read as plain responses.
        let piped = try ShapeTurnsBinary.run(
            ["score", "--responses", "-", "--json"], input: try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == scored.stdout)
        // Options that say otherwise are refused, not used; the same values are accepted.
        let contradictions =
            procedure[1] == "staircase"
            ? [["--down", "4"], ["--down", "3"], ["--step-sizes", "0.3,0.15"], ["--up", "2"]]
            : procedure.contains("--prior-threshold")
                ? [
                    ["--precision", "2"], ["--prior-threshold", "1.3"],
                    ["--prior-threshold", "1.2", "--prior-sd", "0.6"],
                ]
                : [["--precision", "2"], ["--prior-threshold", "1.2"]]
        let wrongOptions =
            contradictions + [
                ["--shapes", "circle,star"], ["--seed", "4"], ["--turns", "15"], ["--strategy", "random"],
            ]
        for wrong in wrongOptions {
            let refused = try ShapeTurnsBinary.run(["score", "--responses", file] + wrong)
            let flag = wrong[wrong.count - 2]
            #expect(refused.status == 65, "\(wrong): \(refused.stdout)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("was played with"), "\(refused.stderr)")
            #expect(refused.stderr.contains(flag), "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        let same = try ShapeTurnsBinary.run(["score", "--responses", file, "--json"] + options)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout == scored.stdout)
        let keyed = try ShapeTurnsBinary.run(["score", "--responses", file, "--key", file])
        #expect(keyed.status == 64, "\(keyed.stdout)")
        #expect(keyed.stderr.contains("without --key"), "\(keyed.stderr)")

        // A record of schema version 1 (no game on its first line) is read as before: without
        // the game's procedure settings it does not agree, and is refused, not misreported.
        let legacy = try Self.legacyCopy(of: file, in: folder.url)
        let old = try ShapeTurnsBinary.run(["score", "--responses", legacy, "--json"] + options.dropFirst(4))
        #expect(old.status == 0, "\(old.stderr)")
        #expect(try Self.total(old.stdout) == last["score"] as? Int)
        if procedure[1] == "staircase" {
            let plain = try ShapeTurnsBinary.run(["score", "--responses", legacy, "--shapes", "circle,square"])
            #expect(plain.status == 65, "\(plain.stdout)")
            #expect(plain.stderr.contains("procedure options"), "\(plain.stderr)")
            #expect(plain.stdout.isEmpty)
        }
        let oldKeyed = try ShapeTurnsBinary.run(["score", "--responses", legacy, "--seed", "3", "--turns", "14"])
        #expect(oldKeyed.status == 64, "\(oldKeyed.stdout)")
        #expect(oldKeyed.stderr.contains("without --key or --seed"), "\(oldKeyed.stderr)")
    }

    /// A copy of the record `file` as a ShapeTurns before schema version 2 wrote it: no `game`.
    static func legacyCopy(of file: String, in folder: URL) throws -> String {
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map { line in
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["schemaVersion"] as? Int == 2)
            object["game"] = nil
            object["schemaVersion"] = 1
            return String(
                decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        }
        let copy = folder.appendingPathComponent("legacy-\(URL(fileURLWithPath: file).lastPathComponent)")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: copy)
        return copy.path
    }

    /// `total` of `score --json`'s report.
    static func total(_ json: String) throws -> Int? {
        try (JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["total"] as? Int
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
        // The records, and the class's trials that the stop wrote (the output policy's own record beside).
        #expect(
            Set(names) == [
                "session-\(id).jsonl", "session-\(otherID).jsonl", "trials.csv", ".shapeturns-files",
            ])
        let trials = try String(contentsOf: records.appendingPathComponent("trials.csv"), encoding: .utf8)
        #expect(trials.split(separator: "\n").count == 1 + 7 + 2, "every answer of both runs: \(trials)")
    }

    @Test func aPlainGamesRecordIsScoredWithItsOwnOptionsOnly() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        let game = ["--turns", "5", "--seed", "8", "--shapes", "star,circle", "--min-ratio", "1.2"]
        let server = try PlayServerProcess(["--out", records.path, "--size", "32"] + game)
        let (id, last) = try Self.play(server, name: "Ada")
        #expect(server.stop() == 0)
        let file = records.appendingPathComponent("session-\(id).jsonl").path

        let alone = try ShapeTurnsBinary.run(["score", "--responses", file, "--json"])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(try Self.total(alone.stdout) == last["score"] as? Int)
        let text = try ShapeTurnsBinary.run(["score", "--responses", file])
        let correct = Int(((last["accuracy"] as? Double ?? -1) * 5).rounded())
        #expect(text.stdout.hasPrefix("\(correct) / 5 correct"), "\(text.stdout)")
        let agreeing = try ShapeTurnsBinary.run(["score", "--responses", file, "--json"] + game)
        #expect(agreeing.stdout == alone.stdout, "\(agreeing.stderr)")
        // Options typed at the values the game had, defaults included, agree with it.
        let typedAgreeing = try ShapeTurnsBinary.run(
            [
                "score", "--responses", file, "--json", "--fill", "brown", "--background", "transparent", "--strategy",
                "random",
            ])
        #expect(typedAgreeing.stdout == alone.stdout, "\(typedAgreeing.stderr)")
        let piped = try ShapeTurnsBinary.run(
            ["score", "--responses", "-", "--json"], input: try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == alone.stdout)
        let pipedText = try ShapeTurnsBinary.run(
            ["score", "--responses", "-"], input: try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(pipedText.stdout == text.stdout, "\(pipedText.stderr)")
        // Each of these scored the record silently before it carried its options (--turns 10 as
        // 2 / 10 with five blanks counted wrong, a score the player never saw).
        let wrongOptions = [
            ["--shapes", "star"], ["--shapes", "circle,star"], ["--shapes", "square,circle"], ["--turns", "10"],
            ["--seed", "9"],
            ["--min-ratio", "1.25"], ["--strategy", "basic"], ["--difficulty", "hard"], ["--fill", "red"],
            ["--down", "2"],
        ]
        for wrong in wrongOptions {
            let refused = try ShapeTurnsBinary.run(["score", "--responses", file] + wrong)
            #expect(refused.status == 65, "\(wrong): \(refused.stdout)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("was played with"), "\(wrong): \(refused.stderr)")
            #expect(refused.stderr.contains(wrong[0]), "\(wrong): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }

        // A default value typed is given too, in either spelling.
        for typed in [["--shapes=square,circle"], ["--shapes", "square,circle"]] {
            let typedDefault = try ShapeTurnsBinary.run(["score", "--responses", file] + typed)
            #expect(typedDefault.status == 65, "\(typed): \(typedDefault.stdout)")
            #expect(typedDefault.stderr.contains("was played with"), "\(typed): \(typedDefault.stderr)")
        }
        for sheetOption in [["--student", "Ada"], ["--expect-sheet", "K7QX-M2PD"]] {
            let refused = try ShapeTurnsBinary.run(["score", "--responses", file] + sheetOption)
            #expect(refused.status == 64, "\(sheetOption): \(refused.stdout)")
            #expect(refused.stderr.contains(sheetOption[0]), "\(refused.stderr)")
        }

        // A changed turn no longer matches the game its first line names.
        var lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"kind\":\"star\"", with: "\"kind\":\"hexagon\"")
            .replacingOccurrences(of: "\"kind\":\"circle\"", with: "\"kind\":\"hexagon\"")
        let changed = folder.url.appendingPathComponent("changed.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: changed)
        let refused = try ShapeTurnsBinary.run(["score", "--responses", changed.path])
        #expect(refused.status == 65, "\(refused.stdout)")
        #expect(refused.stderr.contains("answer 3"), "\(refused.stderr)")

        // Read as before: a record of schema version 1 needs its seed, and refuses another one.
        let legacy = try Self.legacyCopy(of: file, in: folder.url)
        let right = try ShapeTurnsBinary.run(["score", "--responses", legacy, "--json"] + game)
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try Self.total(right.stdout) == last["score"] as? Int)
        let wrong = try ShapeTurnsBinary.run(["score", "--responses", legacy, "--seed", "9", "--turns", "5"])
        #expect(wrong.status == 65, "\(wrong.stdout)")
        #expect(wrong.stderr.contains("seed 8"), "\(wrong.stderr)")
        let unkeyed = try ShapeTurnsBinary.run(["score", "--responses", legacy])
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
