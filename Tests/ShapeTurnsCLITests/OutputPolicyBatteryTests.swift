import Foundation
import Testing

/// Issue 20's writer and litter cases, run with the built binary: every case ends with the
/// status it should, one line on stderr, and every file that was there before byte for byte as
/// it was (type, mode, link target and bytes, through `OutputSafetyTests.Scratch.fingerprint`).
@Suite struct OutputPolicyBatteryTests {
    typealias Scratch = OutputSafetyTests.Scratch

    /// Runs `arguments`; checks the status, that a failure says one line holding `mentions`,
    /// and that nothing in `kept` changed.
    @discardableResult
    private func expect(
        _ arguments: [String], status: Int32, mentions: String, kept: [String], in scratch: Scratch,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ShapeTurnsBinary.Result {
        let before = kept.map(scratch.fingerprint)
        let result = try ShapeTurnsBinary.run(arguments)
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        if status > 1 {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.hasPrefix("shapeturns: "), "\(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stderr.contains(mentions), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            kept.map(scratch.fingerprint) == before, "a file that was there changed", sourceLocation: sourceLocation)
        return result
    }

    /// A scratch folder with `expected/a.png` and a changed `actual/a.png`.
    private func snapshotScratch() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.folder("expected")
        try scratch.folder("actual")
        try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedA, toPath: scratch.path("expected/a.png"))
        try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedB, toPath: scratch.path("actual/a.png"))
        return scratch
    }

    // MARK: - compare --junit

    /// What `--junit` is pointed at, and what must survive.
    struct WriterCase: CustomTestStringConvertible, Sendable {
        let name: String
        let out: String
        let status: Int32
        let mentions: String
        var prepare: @Sendable (Scratch) throws -> Void = { _ in }
        var testDescription: String { name }
    }

    static let junitCases: [WriterCase] = [
        WriterCase(name: "empty path", out: "", status: 64, mentions: "--junit"),
        WriterCase(name: "a user's file", out: "mine.png", status: 73, mentions: "did not write"),
        WriterCase(name: "an input image", out: "expected/a.png", status: 73, mentions: "did not write"),
        WriterCase(name: "a hard link of an input", out: "hard.xml", status: 73, mentions: "did not write") {
            #expect(link($0.path("actual/a.png"), $0.path("hard.xml")) == 0)
        },
        WriterCase(name: "a link to a user's file", out: "link.xml", status: 73, mentions: "symbolic link") {
            try $0.link("link.xml", to: "mine.png")
        },
        WriterCase(name: "a dangling link", out: "dangling.xml", status: 73, mentions: "symbolic link") {
            try $0.link("dangling.xml", to: "nowhere.xml")
        },
        WriterCase(name: "a FIFO", out: "pipe.xml", status: 73, mentions: "FIFO") { try $0.fifo("pipe.xml") },
        // A null device of the test's own: the real /dev/null must never be at stake in a test.
        WriterCase(name: "a device node", out: "null", status: 73, mentions: "device") {
            #expect(mknod($0.path("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        },
        WriterCase(name: "a folder", out: "user", status: 73, mentions: "folder"),
    ]

    /// Runs `compare expected actual OPTION PATH` for one case; no staging folder may be left.
    private func compareWriting(_ option: String, _ testCase: WriterCase) throws {
        let scratch = try snapshotScratch()
        try testCase.prepare(scratch)
        let out = testCase.out.isEmpty ? "" : scratch.path(testCase.out)
        try expect(
            ["compare", scratch.path("expected"), scratch.path("actual"), option, out],
            status: testCase.status, mentions: testCase.mentions,
            kept: ["expected", "actual", "mine.png", "user"] + (testCase.out.isEmpty ? [] : [testCase.out]),
            in: scratch)
        let litter = try FileManager.default.contentsOfDirectory(atPath: scratch.path("")).filter {
            $0.hasSuffix("shapeturns-partial")
        }
        #expect(litter.isEmpty, "\(litter)")
    }

    @Test(arguments: junitCases)
    func junitNeverReplacesWhatItDidNotWrite(_ testCase: WriterCase) throws {
        try compareWriting("--junit", testCase)
    }

    @Test func junitReplacesItsOwnReport() throws {
        let scratch = try snapshotScratch()
        let arguments = ["compare", scratch.path("expected"), scratch.path("actual"), "--junit", scratch.path("r.xml")]
        for _ in 1...2 {
            #expect(try ShapeTurnsBinary.run(arguments).status == 1)
        }
        let report = try String(contentsOfFile: scratch.path("r.xml"), encoding: .utf8)
        #expect(report.contains("<testcase name=\"a.png\""))
        try scratch.write("r.xml", "edited")
        try expect(arguments, status: 73, mentions: "did not write", kept: ["r.xml"], in: scratch)
    }

    // MARK: - compare --report

    static let reportCases: [WriterCase] = [
        WriterCase(name: "empty path", out: "", status: 64, mentions: "--report"),
        WriterCase(name: "a user's file", out: "mine.png", status: 73, mentions: "not a folder"),
        WriterCase(name: "a folder of the user's files", out: "user", status: 73, mentions: "not a ShapeTurns report"),
        WriterCase(name: "a dangling link", out: "dangling", status: 73, mentions: "symbolic link to nothing") {
            try $0.link("dangling", to: "nowhere")
        },
        WriterCase(name: "a FIFO", out: "pipe", status: 73, mentions: "FIFO") { try $0.fifo("pipe") },
        WriterCase(name: "a device node", out: "null", status: 73, mentions: "device") {
            #expect(mknod($0.path("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        },
        WriterCase(name: "the expected folder", out: "expected", status: 73, mentions: "not a ShapeTurns report"),
    ]

    @Test(arguments: reportCases)
    func reportNeverReplacesWhatItDidNotWrite(_ testCase: WriterCase) throws {
        try compareWriting("--report", testCase)
    }

    @Test func aReportWhoseIndexAUserEditedIsRefused() throws {
        let scratch = try snapshotScratch()
        let arguments = ["compare", scratch.path("expected"), scratch.path("actual"), "--report", scratch.path("rep")]
        #expect(try ShapeTurnsBinary.run(arguments).status == 1)
        // An unedited report is replaced...
        #expect(try ShapeTurnsBinary.run(arguments).status == 1)
        // ...an edited one is not.
        let index = scratch.path("rep/index.html")
        try Data((try String(contentsOfFile: index, encoding: .utf8) + "<p>my notes</p>").utf8)
            .write(to: URL(fileURLWithPath: index))
        try expect(arguments, status: 73, mentions: "index.html", kept: ["rep"], in: scratch)
    }

    @Test func aKilledReportsStagingFoldersGoWithTheNextSuccessfulRun() throws {
        let scratch = try snapshotScratch()
        let arguments = ["compare", scratch.path("expected"), scratch.path("actual"), "--report", scratch.path("rep")]
        // What killed runs leave: a staging folder beside a new report, and one inside an existing one.
        try scratch.folder(".rep.999999.shapeturns-partial/images")
        try scratch.write(".rep.999999.shapeturns-partial/index.html")
        #expect(try ShapeTurnsBinary.run(arguments).status == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path(".rep.999999.shapeturns-partial")))
        try scratch.folder("rep/.shapeturns-partial-999999/images")
        #expect(try ShapeTurnsBinary.run(arguments).status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("rep")).sorted()
        #expect(names == [".shapeturns-files", ".shapeturns-report", "images", "index.html"])
        let siblings = try FileManager.default.contentsOfDirectory(atPath: scratch.path("")).filter {
            $0.hasSuffix("shapeturns-partial")
        }
        #expect(siblings.isEmpty, "\(siblings)")
    }

    // MARK: - approve

    @Test func pruneNeverDeletesAnActualImageInsideTheExpectedFolder() throws {
        let scratch = try snapshotScratch()
        try scratch.folder("expected/out")
        try FileManager.default.copyItem(
            atPath: CompareCommandTests.shiftedB, toPath: scratch.path("expected/out/a.png"))
        try expect(
            ["approve", scratch.path("expected"), scratch.path("expected/out"), "--prune"],
            status: 73, mentions: "input of this run", kept: ["expected", "actual"], in: scratch)
    }

    @Test func anApproveThatCannotFinishChangesNothing() throws {
        let scratch = try snapshotScratch()
        // The new image's folder cannot be made: a file of that name is in the way, found only
        // after a.png would have been replaced.
        try scratch.write("expected/z", "not a folder")
        try scratch.folder("actual/z")
        try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedA, toPath: scratch.path("actual/z/new.png"))
        try expect(
            ["approve", scratch.path("expected"), scratch.path("actual")],
            status: 73, mentions: "nothing was approved", kept: ["expected", "actual"], in: scratch)
    }

    /// The pruned image is set aside first, then the new image cannot be written: it comes back.
    @Test func aPruneThatCannotFinishPutsEverythingBack() throws {
        let scratch = try snapshotScratch()
        try scratch.folder("expected/gone")
        try FileManager.default.copyItem(
            atPath: CompareCommandTests.shiftedA, toPath: scratch.path("expected/gone/b.png"))
        try scratch.write("expected/z", "not a folder")
        try scratch.folder("actual/z")
        try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedA, toPath: scratch.path("actual/z/new.png"))
        try expect(
            ["approve", scratch.path("expected"), scratch.path("actual"), "--prune"],
            status: 73, mentions: "nothing was approved", kept: ["expected", "actual"], in: scratch)
    }

    // MARK: - worksheets written at once into one new folder

    /// Four runs writing one worksheet into one new folder: each takes its turn at publishing,
    /// none removes the folder or a file another run is staging.
    @Test func concurrentWorksheetsIntoOneNewFolderAllFinish() throws {
        for _ in 1...5 {
            let scratch = try Scratch()
            let runs = try (1...4).map { index in
                let process = Process()
                process.executableURL = ShapeTurnsBinary.url
                process.arguments = ["worksheet", "--turns", "2", "-q", "--out", scratch.path("new/sub/w.pdf")]
                #expect(FileManager.default.createFile(atPath: scratch.path("err\(index)"), contents: nil))
                process.standardError = try FileHandle(forWritingTo: scratch.url.appendingPathComponent("err\(index)"))
                return process
            }
            for process in runs { try process.run() }
            for process in runs { process.waitUntilExit() }
            let errors = try (1...4).map { try String(contentsOfFile: scratch.path("err\($0)"), encoding: .utf8) }
            #expect(runs.map(\.terminationStatus) == [0, 0, 0, 0], "\(errors)")
            #expect(
                FileManager.default.fileExists(atPath: scratch.path("new/sub/w.pdf")),
                "every run exited 0, the PDF is gone")
            let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("new/sub")).sorted()
            #expect(names == [".shapeturns-files", "w.pdf"])
        }
    }

    // MARK: - shards

    static let shardSet = ["generate", "--turns", "6", "--size", "32", "--line-width", "2", "--seed", "5", "-q"]

    @Test func aRefusedTarShardWithSplitLeavesNothing() throws {
        let scratch = try Scratch()
        try expect(
            Self.shardSet + [
                "--pack", "tar", "--split", "train=0.5,test=0.5", "--shard", "1/2", "--out", scratch.path("set"),
            ],
            status: 64, mentions: "--split", kept: ["user", "mine.png"], in: scratch)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("set")))
    }

    @Test func aShardOfAnotherSplitIsRefused() throws {
        let scratch = try Scratch()
        #expect(try ShapeTurnsBinary.run(Self.shardSet + ["--shard", "1/3", "--out", scratch.path("set")]).status == 0)
        try expect(
            Self.shardSet + ["--shard", "2/4", "--out", scratch.path("set")],
            status: 64, mentions: "3", kept: ["set"], in: scratch)
    }

    @Test func mergeRefusesAnEditedAnswerLine() throws {
        let scratch = try Scratch()
        for shard in ["1/2", "2/2"] {
            #expect(
                try ShapeTurnsBinary.run(Self.shardSet + ["--shard", shard, "--out", scratch.path("set")]).status == 0)
        }
        let answers = scratch.path("set/shards/answers-1-of-2.jsonl")
        let text = try String(contentsOfFile: answers, encoding: .utf8)
        // The first turn's answer turned round: still valid JSON of the same turn and seed.
        let first = try #require(text.range(of: "\"larger\":\""))
        let label = text[first.upperBound]
        var edited = text
        edited.replaceSubrange(first.upperBound...first.upperBound, with: label == "a" ? "b" : "a")
        try #require(edited != text, "no answer to edit in \(text.prefix(200))")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: answers))
        try expect(
            ["merge", "-q", scratch.path("set")], status: 66, mentions: "answers-1-of-2.jsonl", kept: ["set"],
            in: scratch)
    }

    /// A shard killed while writing the set's run record leaves only its temporary file; the
    /// shard run again (found by the kill-and-resume loop) starts the set, and merge removes it.
    @Test func aShardKilledWhileWritingTheRunRecordCanBeRunAgain() throws {
        let scratch = try Scratch()
        try scratch.folder("set")
        try scratch.write("set/..shapeturns-run.json.999999.tmp", "{\"tool\":")
        for shard in ["1/2", "2/2"] {
            let result = try ShapeTurnsBinary.run(Self.shardSet + ["--shard", shard, "--out", scratch.path("set")])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try ShapeTurnsBinary.run(["merge", "-q", scratch.path("set")]).status == 0)
        #expect(try ShapeTurnsBinary.run(Self.shardSet + ["--out", scratch.path("whole")]).status == 0)
        #expect(
            try TemporaryFolder.files(in: scratch.url.appendingPathComponent("set"))
                == TemporaryFolder.files(in: scratch.url.appendingPathComponent("whole")))
    }

    @Test func mergeLeavesNoTemporaryFilesOfKilledShards() throws {
        let scratch = try Scratch()
        for shard in ["1/2", "2/2"] {
            #expect(
                try ShapeTurnsBinary.run(Self.shardSet + ["--shard", shard, "--out", scratch.path("set")]).status == 0)
        }
        // What a shard killed between writing and renaming a turn leaves.
        let turns = try FileManager.default.contentsOfDirectory(atPath: scratch.path("set/turns")).sorted()
        let first = try #require(turns.first)
        try scratch.write("set/turns/.\(first).999999.tmp", "half a png")
        #expect(try ShapeTurnsBinary.run(["merge", "-q", scratch.path("set")]).status == 0)
        #expect(try ShapeTurnsBinary.run(Self.shardSet + ["--out", scratch.path("whole")]).status == 0)
        #expect(
            try TemporaryFolder.files(in: scratch.url.appendingPathComponent("set"))
                == TemporaryFolder.files(in: scratch.url.appendingPathComponent("whole")))
    }

    // MARK: - a class's worksheet and gradebook

    /// Where `worksheet --class --out` and `score --class --csv` are pointed, beside a roster
    /// (`roster.csv`), a class's answers (`answers.csv`) and the class's sheet (`class.pdf`).
    static let classCases: [WriterCase] = [
        WriterCase(name: "empty path", out: "", status: 64, mentions: "empty value"),
        WriterCase(name: "a user's file", out: "mine.pdf", status: 73, mentions: "did not write") {
            try $0.write("mine.pdf")
        },
        WriterCase(name: "the roster", out: "roster.csv", status: 73, mentions: "did not write"),
        WriterCase(name: "a hard link of the answers", out: "hard.csv", status: 73, mentions: "input of this run") {
            #expect(link($0.path("answers.csv"), $0.path("hard.csv")) == 0)
        },
        WriterCase(name: "a link", out: "link.pdf", status: 73, mentions: "symbolic link") {
            try $0.link("link.pdf", to: "mine.png")
        },
        WriterCase(name: "a dangling link", out: "dangling.pdf", status: 73, mentions: "symbolic link") {
            try $0.link("dangling.pdf", to: "nowhere.pdf")
        },
        WriterCase(name: "a FIFO", out: "pipe.pdf", status: 73, mentions: "FIFO") { try $0.fifo("pipe.pdf") },
        WriterCase(name: "a device node", out: "null.pdf", status: 73, mentions: "device") {
            #expect(mknod($0.path("null.pdf"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        },
    ]

    /// A scratch folder with a roster, the class's sheet (and key) and a class's answers.
    private func classScratch() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("roster.csv", "name\nAna Lima\nBo Chen\n")
        let sheet = try ShapeTurnsBinary.run([
            "worksheet", "--class", scratch.path("roster.csv"), "--turns", "2", "-q", "--out",
            scratch.path("class.pdf"),
        ])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        try scratch.write("answers.csv", "student,turn,choice\nAna Lima,1,a\nAna Lima,2,b\nBo Chen,1,b\nBo Chen,2,a\n")
        return scratch
    }

    @Test(arguments: classCases)
    func gradebookNeverReplacesWhatItDidNotWrite(_ testCase: WriterCase) throws {
        let scratch = try classScratch()
        try testCase.prepare(scratch)
        let out = testCase.out.isEmpty ? "" : scratch.path(testCase.out)
        try expect(
            ["score", "--key", scratch.path("class.pdf"), "--class", scratch.path("answers.csv"), "--csv", out],
            status: testCase.status, mentions: testCase.mentions,
            kept: ["roster.csv", "answers.csv", "class.pdf", "mine.png", "user"]
                + (testCase.out.isEmpty ? [] : [testCase.out]),
            in: scratch)
    }

    @Test(arguments: classCases)
    func classWorksheetNeverReplacesWhatItDidNotWrite(_ testCase: WriterCase) throws {
        let scratch = try classScratch()
        try testCase.prepare(scratch)
        // A worksheet's --out must end in .pdf, .png or .svg: the roster and the link to the
        // answers are refused as names (64) before any path is looked at.
        let status = testCase.out.hasSuffix(".csv") ? 64 : testCase.status
        let out = testCase.out.isEmpty ? "" : scratch.path(testCase.out)
        try expect(
            ["worksheet", "--class", scratch.path("roster.csv"), "--turns", "2", "-q", "--out", out],
            status: status, mentions: testCase.out.hasSuffix(".csv") ? "--out" : testCase.mentions,
            kept: ["roster.csv", "answers.csv", "class.pdf", "mine.png", "user"]
                + (testCase.out.isEmpty ? [] : [testCase.out]),
            in: scratch)
    }

    // MARK: - rosters

    @Test func aRosterWithAnUnclosedQuoteIsAnError() throws {
        let scratch = try Scratch()
        try scratch.write("roster.csv", "name\n\"Ana Lima\nBo Chen\nCy Diaz\n")
        try expect(
            ["worksheet", "--class", scratch.path("roster.csv"), "--turns", "2", "-q", "--out", scratch.path("c.pdf")],
            status: 65, mentions: "line 2: a quoted field opened on this line is never closed",
            kept: ["roster.csv", "user", "mine.png"], in: scratch)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("c.pdf")))
    }

    @Test func aNULInARosterIsNamed() throws {
        let scratch = try Scratch()
        try scratch.write("roster.txt", "Ana Lima\nBo\u{0}Chen\n")
        try expect(
            ["worksheet", "--class", scratch.path("roster.txt"), "--turns", "2", "-q", "--out", scratch.path("c.pdf")],
            status: 65, mentions: "line 2: the name holds a NUL byte (U+0000)",
            kept: ["roster.txt", "user", "mine.png"], in: scratch)
    }
}
