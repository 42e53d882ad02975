import Foundation
import ShapeTurns
import Testing

@Suite("Parallel, sharded and resumed runs give the bytes of one run")
struct ScaleTests {
    static let options = [
        "--turns", "45", "--seed", "21", "--size", "96", "--format", "png,svg", "--shapes", "square,circle,star",
        "--strategy", "mixed",
    ]

    static func oneRun(in folder: TemporaryFolder, name: String = "one", jobs: String = "1") throws -> [String: Data] {
        let result = try ShapeTurnsBinary.run(
            ["generate"] + options + ["--jobs", jobs, "--out", folder.path(name), "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        return try TemporaryFolder.files(in: folder.url.appendingPathComponent(name))
    }

    @Test func anyNumberOfJobsGivesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let one = try Self.oneRun(in: folder)
        #expect(one.count == 5 + 45 * 5)
        for jobs in ["2", "7"] {
            #expect(try Self.oneRun(in: folder, name: "jobs\(jobs)", jobs: jobs) == one)
        }
    }

    @Test func shardsInSeparateProcessesPlusMergeGiveTheBytesOfOneRun() throws {
        let folder = try TemporaryFolder()
        let one = try Self.oneRun(in: folder)
        let out = folder.path("sharded")
        let processes = try (1...3).map { index -> Process in
            let process = Process()
            process.executableURL = ShapeTurnsBinary.url
            process.arguments = ["generate"] + Self.options + ["--out", out, "--shard", "\(index)/3", "-q"]
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let early = try ShapeTurnsBinary.run(["merge", folder.path("nowhere")])
        #expect(early.status == 66)
        let merged = try ShapeTurnsBinary.run(["merge", out])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try TemporaryFolder.files(in: URL(fileURLWithPath: out)) == one)
        let again = try ShapeTurnsBinary.run(["merge", out])
        #expect(again.status == 66)
        #expect(again.stderr.contains("already a complete set"))
    }

    @Test func mergeWaitsForEveryShard() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("partial")
        for index in [1, 3] {
            let result = try ShapeTurnsBinary.run(
                ["generate"] + Self.options + ["--out", out, "--shard", "\(index)/3", "-q"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let merged = try ShapeTurnsBinary.run(["merge", out])
        #expect(merged.status == 66)
        #expect(merged.stderr.contains("shard 2/3 has not finished"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("partial/manifest.json")))
        let other = try ShapeTurnsBinary.run([
            "generate", "--turns", "45", "--seed", "22", "--out", out, "--shard", "2/3", "-q",
        ])
        #expect(other.status == 64)
        #expect(other.stderr.contains("other options"))
        let repeated = try ShapeTurnsBinary.run(["generate"] + Self.options + ["--out", out, "--shard", "1/3", "-q"])
        #expect(repeated.status == 64)
        #expect(repeated.stderr.contains("already finished"))
    }

    @Test func aKilledRunFinishedWithResumeGivesTheBytesOfOneRun() throws {
        let folder = try TemporaryFolder()
        let arguments = [
            "generate", "--turns", "2000", "--seed", "4", "--size", "128", "--out", folder.path("set"), "-q",
        ]
        let process = Process()
        process.executableURL = ShapeTurnsBinary.url
        process.arguments = arguments
        try process.run()
        let staging = folder.url.appendingPathComponent(".set.shapeturns-partial/turns/000")
        let started = FileEvents.waitForEntries(in: staging, atLeast: 200, under: folder.url, timeout: 600)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(started, "the run wrote no 200 files in 10 minutes")
        #expect(process.terminationReason == .uncaughtSignal, "the run finished before it could be killed")
        #expect(!FileManager.default.fileExists(atPath: folder.path("set")))
        // Damage kept files the way a crash or a disk can: resume must render them again.
        try Data().write(to: staging.appendingPathComponent("000003-a.png"))
        try Data("not a png".utf8).write(to: staging.appendingPathComponent("000004-b.png"))
        try FileManager.default.removeItem(at: staging.appendingPathComponent("000005-a.png"))

        let refused = try ShapeTurnsBinary.run(arguments)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("--resume"))
        let mismatched = try ShapeTurnsBinary.run([
            "generate", "--turns", "2000", "--seed", "5", "--size", "128", "--out", folder.path("set"), "--resume",
        ])
        #expect(mismatched.status == 64)
        #expect(mismatched.stderr.contains("--seed 4 there, 5 here"), "\(mismatched.stderr)")
        let resumed = try ShapeTurnsBinary.run(arguments + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let uninterrupted = try ShapeTurnsBinary.run([
            "generate", "--turns", "2000", "--seed", "4", "--size", "128", "--out", folder.path("whole"), "-q",
        ])
        #expect(uninterrupted.status == 0)
        #expect(
            try TemporaryFolder.files(in: folder.url.appendingPathComponent("set"))
                == TemporaryFolder.files(in: folder.url.appendingPathComponent("whole")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["set", "whole"])
        let complete = try ShapeTurnsBinary.run(arguments + ["--resume"])
        #expect(complete.status == 0)
    }

    @Test func aKilledForceRunIsResumedAndOnlyThenReplacesTheOldSet() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("set")
        let old = try ShapeTurnsBinary.run([
            "generate", "--turns", "3", "--seed", "1", "--size", "64", "--out", out, "-q",
        ])
        #expect(old.status == 0)
        let arguments = ["generate", "--turns", "2000", "--seed", "4", "--size", "128", "--out", out, "-q"]
        let process = Process()
        process.executableURL = ShapeTurnsBinary.url
        process.arguments = arguments + ["--force"]
        try process.run()
        // Replacing an existing folder stages inside it, so the folder itself (owner, mode, link) stays.
        let staging = folder.url.appendingPathComponent("set/.shapeturns-partial/turns/000")
        let started = FileEvents.waitForEntries(in: staging, atLeast: 200, under: folder.url, timeout: 600)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(started, "the run wrote no 200 files in 10 minutes")
        #expect(process.terminationReason == .uncaughtSignal, "the run finished before it could be killed")
        let stillOld = try JSONDecoder().decode(
            SetManifest.self, from: Data(contentsOf: folder.url.appendingPathComponent("set/manifest.json")))
        #expect(stillOld.counts.turns == 3)
        let resumed = try ShapeTurnsBinary.run(arguments + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let finished = try JSONDecoder().decode(
            SetManifest.self, from: Data(contentsOf: folder.url.appendingPathComponent("set/manifest.json")))
        #expect(finished.counts.turns == 2000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["set"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("set")).sorted()
                == ["README.md", "answers.jsonl", "labels.csv", "manifest.json", "metadata.jsonl", "turns"]
        )
    }

    @Test func progressGoesToATerminalOnlyAndNeverToPipes() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            // --seed given, so the only thing that could reach standard error is a progress bar.
            "generate", "--turns", "3", "--seed", "1", "--size", "32", "--line-width", "2", "--out",
            folder.path("set"),
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(
            FileManager.default.isExecutableFile(atPath: script.path),
            "script(1) from bsdutils runs the command on a terminal")
        let command =
            "\(ShapeTurnsBinary.url.path) generate --turns 40 --size 32 --line-width 2 --out \(folder.path("tty"))"
        let terminal = try ShapeTurnsBinary.runTool(script, ["-qec", command, "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.stdout)")
        #expect(terminal.stdout.contains("40/40"))
        #expect(terminal.stdout.contains("turns/s"))
        let quiet = try ShapeTurnsBinary.runTool(
            script, ["-qec", command.replacingOccurrences(of: "tty", with: "quiet") + " --quiet", "/dev/null"])
        #expect(quiet.status == 0)
        #expect(!quiet.stdout.contains("turns/s"))
    }
}
