import Foundation
import Testing

/// Issue 10's output-path cases for every command that writes (generate, worksheet,
/// compare --diff, merge), run with the built binary: each case must end with the user's files
/// exactly as they were, one line on stderr and a sysexits status, or the output written where
/// and how the output policy says.
@Suite struct OutputSafetyTests {
    /// One output-path case: what the scratch folder holds, the output path to give, the status
    /// expected, words the message must hold, and the paths that must not change.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let out: String
        let status: Int32
        let mentions: String
        let kept: [String]
        var force = false
        var prepare: @Sendable (Scratch) throws -> Void = { _ in }

        var testDescription: String { name }
    }

    /// A scratch folder with a user's files in it.
    final class Scratch: @unchecked Sendable {
        let folder: TemporaryFolder
        var url: URL { folder.url }

        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("user"), withIntermediateDirectories: true)
            try Data("my notes".utf8).write(to: url.appendingPathComponent("user/notes.txt"))
            try Data("my picture".utf8).write(to: url.appendingPathComponent("mine.png"))
        }

        func path(_ relative: String) -> String { folder.path(relative) }

        func write(_ relative: String, _ text: String = "user data") throws {
            try Data(text.utf8).write(to: url.appendingPathComponent(relative))
        }

        func fifo(_ relative: String) throws {
            #expect(mkfifo(path(relative), 0o644) == 0)
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
        }

        func folder(_ relative: String, mode: mode_t = 0o755) throws {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent(relative), withIntermediateDirectories: true)
            #expect(chmod(path(relative), mode) == 0)
        }

        /// Type, mode, link target and bytes of `relative` and everything below it.
        func fingerprint(_ relative: String) -> String {
            let path = path(relative)
            var status = stat()
            guard lstat(path, &status) == 0 else { return "missing" }
            let kind = status.st_mode & S_IFMT
            var text = "mode \(String(status.st_mode, radix: 8)) uid \(status.st_uid)"
            if kind == S_IFLNK {
                text += " link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            } else if kind == S_IFREG {
                text += " bytes " + ((try? Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString()) ?? "?")
            } else if kind == S_IFDIR {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
                text += " [" + names.map { "\($0): \(fingerprint("\(relative)/\($0)"))" }.joined(separator: ", ") + "]"
            }
            return text
        }
    }

    /// Runs `arguments` after `prepare`, checks the status, the message and that `kept` did not change.
    private func check(_ testCase: Case, _ scratch: Scratch, _ arguments: [String], in directory: URL? = nil) throws
        -> ShapeTurnsBinary.Result
    {
        let before = testCase.kept.map(scratch.fingerprint)
        let result = try ShapeTurnsBinary.run(arguments, in: directory)
        #expect(result.status == testCase.status, "\(testCase.name): \(result.stderr)")
        if testCase.status > 1 {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("shapeturns: "), "\(result.stderr)")
        }
        #expect(
            testCase.mentions.isEmpty || result.stderr.contains(testCase.mentions), "\(testCase.name): \(result.stderr)"
        )
        #expect(testCase.kept.map(scratch.fingerprint) == before, "\(testCase.name) changed a user's file")
        return result
    }

    // MARK: - generate

    static let setCases: [Case] = [
        Case(name: "empty --out", out: "", status: 64, mentions: "--out", kept: ["user", "mine.png"]),
        Case(
            name: "a folder of the user's files, --force", out: "user", status: 73, mentions: "did not write",
            kept: ["user"], force: true),
        Case(
            name: "a folder of the user's files", out: "user", status: 73, mentions: "choose an empty or new folder",
            kept: ["user"]),
        Case(name: "a file", out: "mine.png", status: 73, mentions: "not a folder", kept: ["mine.png"], force: true),
        Case(name: "a FIFO", out: "pipe", status: 73, mentions: "FIFO", kept: ["pipe"], force: true) {
            try $0.fifo("pipe")
        },
        Case(
            name: "a dangling link", out: "dangling", status: 73, mentions: "symbolic link to nothing",
            kept: ["dangling"]
        ) {
            try $0.link("dangling", to: "nowhere")
        },
        Case(name: "below a file", out: "mine.png/set", status: 73, mentions: "not a folder", kept: ["mine.png"]),
        Case(name: "an empty folder keeps its mode", out: "empty", status: 0, mentions: "", kept: ["user", "mine.png"])
        {
            try $0.folder("empty", mode: 0o750)
        },
        Case(
            name: "a link to an empty folder stays a link", out: "link", status: 0, mentions: "",
            kept: ["link", "user"]
        ) {
            try $0.folder("target", mode: 0o700)
            try $0.link("link", to: "target")
        },
        Case(
            name: "a set is replaced with --force, the user's file beside it kept", out: "set", status: 0, mentions: "",
            kept: ["set/notes.txt"], force: true
        ) {
            #expect(
                try ShapeTurnsBinary.run([
                    "generate", "--turns", "3", "--size", "32", "--line-width", "2", "--seed", "9", "--out",
                    $0.path("set"), "-q",
                ]).status == 0)
            try $0.write("set/notes.txt")
        },
    ]

    @Test(arguments: setCases)
    func generate(_ testCase: Case) throws {
        let scratch = try Scratch()
        try testCase.prepare(scratch)
        let out = testCase.out.isEmpty ? "" : scratch.path(testCase.out)
        let mode = scratch.fingerprint(testCase.out).split(separator: " ").prefix(2).joined(separator: " ")
        let arguments =
            ["generate", "--turns", "2", "--size", "32", "--line-width", "2", "-q", "--out", out]
            + (testCase.force ? ["--force"] : [])
        _ = try check(testCase, scratch, arguments)
        guard testCase.status == 0 else {
            #expect(!FileManager.default.fileExists(atPath: scratch.path("." + testCase.out + ".shapeturns-partial")))
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(
            names.contains("manifest.json") && names.contains("turns") && !names.contains(".shapeturns-partial"),
            "\(names)")
        // The folder itself was filled in place: same mode (and still a link where it was one).
        #expect(scratch.fingerprint(testCase.out).split(separator: " ").prefix(2).joined(separator: " ") == mode)
    }

    @Test func theCurrentFolderIsNeverRemovedAndAnEmptyOneIsFilled() throws {
        let scratch = try Scratch()
        let refused = Case(
            name: "--out . of user files, --force", out: ".", status: 73, mentions: "did not write", kept: ["user"])
        _ = try check(
            refused, scratch,
            ["generate", "--turns", "2", "--size", "32", "--line-width", "2", "--out", ".", "--force"],
            in: scratch.url.appendingPathComponent("user"))
        try scratch.folder("blank")
        let filled = try ShapeTurnsBinary.run(
            ["generate", "--turns", "2", "--size", "32", "--line-width", "2", "--out", ".", "-q"],
            in: scratch.url.appendingPathComponent("blank"))
        #expect(filled.status == 0, "\(filled.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("blank/manifest.json")))
    }

    // MARK: - worksheet and compare --diff

    static let fileCases: [Case] = [
        Case(name: "empty path", out: "", status: 64, mentions: "empty value", kept: ["mine.png"]),
        Case(name: "a user's file", out: "mine.png", status: 73, mentions: "did not write", kept: ["mine.png"]),
        Case(name: "a FIFO", out: "pipe.png", status: 73, mentions: "FIFO", kept: ["pipe.png"]) {
            try $0.fifo("pipe.png")
        },
        Case(
            name: "a link to a user's file", out: "link.png", status: 73, mentions: "symbolic link",
            kept: ["link.png", "mine.png"]
        ) {
            try $0.link("link.png", to: "mine.png")
        },
        Case(
            name: "a dangling link", out: "dangling.png", status: 73, mentions: "symbolic link", kept: ["dangling.png"]
        ) {
            try $0.link("dangling.png", to: "nowhere.png")
        },
        Case(name: "a folder in the way", out: "user", status: 73, mentions: "folder", kept: ["user"]),
        Case(name: "below a file", out: "mine.png/out.png", status: 73, mentions: "not a folder", kept: ["mine.png"]),
    ]

    /// Worksheet pages are written only under names ShapeTurns recorded; the user's files that
    /// look like pages are never touched.
    @Test(arguments: fileCases)
    func worksheet(_ testCase: Case) throws {
        let scratch = try Scratch()
        try testCase.prepare(scratch)
        guard !testCase.out.isEmpty, !testCase.out.contains("/") else {
            _ = try check(
                testCase, scratch,
                ["worksheet", "--turns", "2", "-q", "--out", testCase.out.isEmpty ? "" : scratch.path(testCase.out)])
            return
        }
        // The case's object goes where the first page would: `NAME.png` writes `NAME-01.png`.
        let stem = testCase.out.hasSuffix(".png") ? String(testCase.out.dropLast(4)) : testCase.out
        let page = stem + "-01.png"
        #expect(rename(scratch.path(testCase.out), scratch.path(page)) == 0)
        let moved = Case(
            name: testCase.name, out: stem + ".png", status: testCase.status, mentions: testCase.mentions,
            kept: testCase.kept.map { $0 == testCase.out ? page : $0 }
        )
        _ = try check(moved, scratch, ["worksheet", "--turns", "2", "-q", "--out", scratch.path(stem + ".png")])
        #expect(
            !FileManager.default.fileExists(atPath: scratch.path(stem + "-02.png")),
            "a page was published beside a refused one")
    }

    @Test func worksheetPagesLeaveTheUsersLookAlikesAlone() throws {
        let scratch = try Scratch()
        let lookAlikes = ["pics-99.png", "pics-7.png", "pics-007.png", "pics-1000.png", "pics-03.png"]
        for name in lookAlikes {
            try scratch.write(name)
        }
        let bigger = try ShapeTurnsBinary.run(["worksheet", "--turns", "20", "-q", "--out", scratch.path("pics.png")])
        // pics-03.png is the user's and the third page would need it: refused before any page is written.
        #expect(bigger.status == 73, "\(bigger.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("pics-01.png")))
        try FileManager.default.removeItem(atPath: scratch.path("pics-03.png"))
        let before = lookAlikes.dropLast().map(scratch.fingerprint)
        for turns in ["20", "2"] {
            let result = try ShapeTurnsBinary.run([
                "worksheet", "--turns", turns, "-q", "--out", scratch.path("pics.png"),
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(lookAlikes.dropLast().map(scratch.fingerprint) == before)
        // The second, shorter run removed the pages of the first it no longer writes.
        #expect(!FileManager.default.fileExists(atPath: scratch.path("pics-03.png")))
        #expect(FileManager.default.fileExists(atPath: scratch.path("pics-02.png")))
    }

    @Test(arguments: fileCases)
    func compareDiff(_ testCase: Case) throws {
        let scratch = try Scratch()
        try testCase.prepare(scratch)
        let out = testCase.out.isEmpty ? "" : scratch.path(testCase.out)
        _ = try check(
            testCase, scratch, ["compare", CompareCommandTests.shiftedA, CompareCommandTests.shiftedB, "--diff", out])
    }

    @Test func aDiffNeverReplacesAnInput() throws {
        let scratch = try Scratch()
        try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedA, toPath: scratch.path("expected.png"))
        let testCase = Case(
            name: "--diff expected.png", out: "expected.png", status: 73, mentions: "input of this run",
            kept: ["expected.png"])
        _ = try check(
            testCase, scratch,
            [
                "compare", scratch.path("expected.png"), CompareCommandTests.shiftedB, "--diff",
                scratch.path("expected.png"),
            ])
    }

    // MARK: - merge

    static let mergeCases: [Case] = [
        Case(name: "empty folder argument", out: "", status: 64, mentions: "empty value", kept: ["user"]),
        Case(name: "a folder of the user's files", out: "user", status: 66, mentions: "no shards", kept: ["user"]),
        Case(name: "a FIFO", out: "pipe", status: 66, mentions: "no such folder", kept: ["pipe"]) {
            try $0.fifo("pipe")
        },
        Case(name: "a dangling link", out: "dangling", status: 66, mentions: "no such folder", kept: ["dangling"]) {
            try $0.link("dangling", to: "nowhere")
        },
        Case(name: "a file", out: "mine.png", status: 66, mentions: "no such folder", kept: ["mine.png"]),
        Case(name: "a link to finished shards", out: "link", status: 0, mentions: "", kept: ["link"]) {
            try $0.folder("shards")
            #expect(
                try ShapeTurnsBinary.run([
                    "generate", "--turns", "3", "--size", "32", "--line-width", "2", "--out", $0.path("shards"),
                    "--shard", "1/1", "-q",
                ]).status == 0)
            try $0.link("link", to: "shards")
        },
    ]

    @Test(arguments: mergeCases)
    func merge(_ testCase: Case) throws {
        let scratch = try Scratch()
        try testCase.prepare(scratch)
        _ = try check(testCase, scratch, ["merge", "-q", testCase.out.isEmpty ? "" : scratch.path(testCase.out)])
    }
}
