import Foundation
import ShapeTurns
import Testing

/// Issue 10 beyond output paths: keys checked before scoring, inputs read within bounds, shards
/// verified before merging, and one run at a time per shard.
@Suite struct DataSafetyTests {
    static let small = ["--size", "32", "--line-width", "2", "-q"]

    private func run(_ arguments: [String], in directory: URL? = nil) throws -> ShapeTurnsBinary.Result {
        try ShapeTurnsBinary.run(arguments, in: directory)
    }

    private func expectOneLine(_ result: ShapeTurnsBinary.Result, status: Int32, mentions: String) {
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    // MARK: - keys

    /// Rewrites `answers.jsonl` of `set` with `edit` applied to its lines.
    private func editAnswers(_ set: String, _ edit: (inout [String]) throws -> Void) throws {
        let url = URL(fileURLWithPath: set).appendingPathComponent("answers.jsonl")
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        try edit(&lines)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    static let keyDamage: [(name: String, mentions: String, edit: @Sendable (inout [String]) throws -> Void)] = [
        ("cut short", "turn 6 is missing", { $0.removeLast() }),
        (
            "larger contradicts the areas", "turn 3 says",
            { lines in
                lines[2] =
                    lines[2].contains("\"larger\":\"a\"")
                    ? lines[2].replacingOccurrences(of: "\"larger\":\"a\"", with: "\"larger\":\"b\"")
                    : lines[2].replacingOccurrences(of: "\"larger\":\"b\"", with: "\"larger\":\"a\"")
            }
        ),
        (
            "another seed", "turn 2 has seed 8",
            { lines in
                lines[1] = lines[1].replacingOccurrences(of: "\"seed\":7", with: "\"seed\":8")
            }
        ),
        (
            "another schema version", "turn 4 has schema version 2",
            { lines in
                lines[3] = lines[3].replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\":2")
            }
        ),
    ]

    @Test(arguments: 0..<keyDamage.count)
    func aKeyThatDisagreesWithItsManifestOrItselfIsRefused(index: Int) throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        #expect(try run(["generate", "--turns", "6", "--seed", "7", "--out", set] + Self.small).status == 0)
        try editAnswers(set, Self.keyDamage[index].edit)
        try Data("turn,choice\n1,a\n".utf8).write(to: folder.url.appendingPathComponent("r.csv"))
        let result = try run(["score", "--key", set, "--responses", folder.path("r.csv")])
        expectOneLine(result, status: 65, mentions: Self.keyDamage[index].mentions)
    }

    // MARK: - bounded reads

    @Test func devicesAndFIFOsAsInputsFailAtOnce() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        #expect(try run(["generate", "--turns", "3", "--out", set] + Self.small).status == 0)
        let image = folder.path("set/turns/000/000001-a.png")
        #expect(mkfifo(folder.path("pipe"), 0o644) == 0)
        for input in ["/dev/zero", folder.path("pipe")] {
            expectOneLine(try run(["compare", image, input]), status: 66, mentions: "not a regular file")
            expectOneLine(
                try run(["score", "--key", set, "--responses", input]), status: 66, mentions: "not a regular file")
        }
    }

    @Test func responsesComeFromStandardInputWithADash() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        #expect(try run(["generate", "--turns", "3", "--out", set] + Self.small).status == 0)
        let process = Process()
        process.executableURL = ShapeTurnsBinary.url
        process.arguments = ["score", "--key", set, "--responses", "-", "--json"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("turn,choice\n1,a\n2,b\n".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try JSONDecoder().decode(ScoreReport.self, from: data).answered == 2)
    }

    @Test func aResponsesFileLargerThanTheSetCanNeedIsRefused() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        #expect(try run(["generate", "--turns", "2", "--out", set] + Self.small).status == 0)
        let huge = "turn,choice\n" + String(repeating: "1,a\n", count: 100_000)
        try Data(huge.utf8).write(to: folder.url.appendingPathComponent("huge.csv"))
        expectOneLine(
            try run(["score", "--key", set, "--responses", folder.path("huge.csv")]), status: 65, mentions: "at most")
    }

    // MARK: - resume

    @Test func resumeActsOnlyOnARunOfTheSameOptions() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        #expect(try run(["generate", "--turns", "3", "--seed", "4", "--out", set] + Self.small).status == 0)
        let same = try run([
            "generate", "--turns", "3", "--seed", "4", "--out", set, "--resume", "--size", "32", "--line-width", "2",
        ])
        #expect(same.status == 0)
        #expect(same.stdout.contains("already complete"))
        let other = try run(["generate", "--turns", "3", "--seed", "5", "--out", set, "--resume"] + Self.small)
        expectOneLine(other, status: 64, mentions: "--seed 4 there, 5 here")
        // A folder holding anything else is not "already complete": it is refused, untouched.
        try FileManager.default.createDirectory(atPath: folder.path("photos"), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.path("photos/cat.jpg")))
        let foreign = try run(["generate", "--turns", "3", "--out", folder.path("photos"), "--resume"] + Self.small)
        expectOneLine(foreign, status: 73, mentions: "did not write")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("photos")) == ["cat.jpg"])
    }

    /// A power cut between the renames that replace a set leaves no manifest and the old set in
    /// `.shapeturns-old`: such a folder is still ShapeTurns', and `--force` writes the set again.
    @Test func anInterruptedReplacementIsFinishedWithForce() throws {
        let folder = try TemporaryFolder()
        let set = folder.url.appendingPathComponent("set")
        let arguments = ["generate", "--turns", "3", "--seed", "4", "--out", set.path] + Self.small
        #expect(try run(arguments).status == 0)
        let whole = try TemporaryFolder.files(in: set)
        let old = set.appendingPathComponent(".shapeturns-old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: false)
        try FileManager.default.moveItem(
            at: set.appendingPathComponent("manifest.json"), to: old.appendingPathComponent("manifest.json"))
        expectOneLine(try run(arguments), status: 73, mentions: "--force")
        #expect(try run(arguments + ["--force"]).status == 0)
        #expect(try TemporaryFolder.files(in: set) == whole)
    }

    // MARK: - shards and merge

    @Test func mergeRefusesADamagedTurnAndResumeRepairsIt() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("shards")
        let options = ["generate", "--turns", "8", "--seed", "3", "--out", out] + Self.small
        for shard in ["1/2", "2/2"] {
            #expect(try run(options + ["--shard", shard]).status == 0)
        }
        let image = URL(fileURLWithPath: out).appendingPathComponent("turns/000/000006-b.png")
        try Data().write(to: image)
        let refused = try run(["merge", out])
        expectOneLine(refused, status: 66, mentions: "turn 6")
        #expect(!FileManager.default.fileExists(atPath: folder.path("shards/manifest.json")))
        #expect(try run(options + ["--shard", "2/2", "--resume"]).status == 0)
        #expect(try run(["merge", out, "-q"]).status == 0)
        #expect(
            try run(["generate", "--turns", "8", "--seed", "3", "--out", folder.path("whole")] + Self.small).status == 0
        )
        #expect(
            try TemporaryFolder.files(in: URL(fileURLWithPath: out))
                == TemporaryFolder.files(in: folder.url.appendingPathComponent("whole")))
    }

    @Test(arguments: ["{\"options\": ", "", "[1, 2]"])
    func mergeSaysADamagedRunRecordIsDamaged(record: String) throws {
        let folder = try TemporaryFolder()
        let out = folder.path("shards")
        #expect(try run(["generate", "--turns", "4", "--out", out, "--shard", "1/2"] + Self.small).status == 0)
        let file = URL(fileURLWithPath: out).appendingPathComponent(".shapeturns-run.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
        try Data(record.utf8).write(to: file)
        let refused = try run(["merge", out])
        expectOneLine(refused, status: 65, mentions: ".shapeturns-run.json: the run record is damaged")
        #expect(!refused.stderr.contains("no shards were rendered"))
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.json"))
    }

    @Test func aForceShardOfOtherOptionsInvalidatesWhatItReplaces() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("set")
        // A larger finished set, then shards of a smaller one with --force.
        #expect(try run(["generate", "--turns", "1200", "--seed", "1", "--out", out] + Self.small).status == 0)
        #expect(
            try run(
                ["generate", "--turns", "4", "--seed", "2", "--out", out, "--shard", "1/2", "--force"] + Self.small
            ).status == 0)
        // Shard 2/2 of the old seed cannot join.
        let mixed = try run(["generate", "--turns", "4", "--seed", "1", "--out", out, "--shard", "2/2"] + Self.small)
        expectOneLine(mixed, status: 64, mentions: "--seed 2 there, 1 here")
        #expect(
            try run(["generate", "--turns", "4", "--seed", "2", "--out", out, "--shard", "2/2"] + Self.small).status
                == 0)
        #expect(try run(["merge", out, "-q"]).status == 0)
        #expect(
            try run(["generate", "--turns", "4", "--seed", "2", "--out", folder.path("whole")] + Self.small).status == 0
        )
        #expect(
            try TemporaryFolder.files(in: URL(fileURLWithPath: out))
                == TemporaryFolder.files(in: folder.url.appendingPathComponent("whole")))
    }

    @Test func twoRunsOfOneShardCannotOverlap() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("set")
        let arguments = ["generate", "--turns", "3000", "--size", "128", "--out", out, "--shard", "1/2", "-q"]
        let first = Process()
        first.executableURL = ShapeTurnsBinary.url
        first.arguments = arguments
        try first.run()
        let lock = folder.url.appendingPathComponent("set/shards/shard-1-of-2.lock")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: lock.path), Date() < deadline {
            usleep(10_000)
        }
        usleep(100_000)
        let second = try run(arguments)
        let merge = try run(["merge", out])
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal, "the first run finished before the second started")
        expectOneLine(second, status: 73, mentions: "another shapeturns run is writing")
        expectOneLine(merge, status: 73, mentions: "still rendering")
    }
}
