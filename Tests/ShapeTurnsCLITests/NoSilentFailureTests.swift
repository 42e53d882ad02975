import Foundation
import ShapeRendering
import ShapeTurns
import Testing

/// Issue 20, parts 2 to 4: every input bounded by what it can hold, every entry of a folder walk
/// compared or reported, every error said, even when stderr or stdout cannot be written. Each
/// case asserts the status, the one-line message and that the inputs are untouched.
@Suite("No silent failure: bounded inputs, walked folders, errors said")
struct NoSilentFailureTests {
    /// How a run ended: its status, or the signal that ended it.
    struct Ending: Equatable, CustomStringConvertible {
        let status: Int32
        let signalled: Bool
        var description: String { signalled ? "signal \(status)" : "status \(status)" }
    }

    /// Runs `shapeturns` with standard output and error sent where given (a pipe when `nil`);
    /// `user` runs it as that uid and gid through setpriv.
    static func run(
        _ arguments: [String], stdout: FileHandle? = nil, stderr: FileHandle? = nil, user: Int? = nil
    ) throws -> (ending: Ending, stdout: String, stderr: String) {
        let process = Process()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", ShapeTurnsBinary.url.path] + arguments
        } else {
            process.executableURL = ShapeTurnsBinary.url
            process.arguments = arguments
        }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = stdout ?? outPipe
        process.standardError = stderr ?? errPipe
        try process.run()
        if stdout != nil { try outPipe.fileHandleForWriting.close() }
        if stderr != nil { try errPipe.fileHandleForWriting.close() }
        let errors = stderr == nil ? errPipe.fileHandleForReading.readDataToEndOfFile() : Data()
        let output = stdout == nil ? outPipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (
            Ending(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal),
            String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }

    static func png(_ colour: UInt32, side: Int = 8) throws -> Data {
        Data(try RGBAImage(width: side, height: side, pixels: Array(repeating: colour, count: side * side)).pngBytes())
    }

    /// Creates `name` (raw bytes, which need not be UTF-8) in `folder` holding `bytes`.
    static func write(_ bytes: Data, named name: [UInt8], in folder: String) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        let descriptor = open(cPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
    }

    /// The SHA-256 of a tar of everything under `folder` (names as bytes, links, modes, times), to
    /// check a command left every file, link and folder that existed before as it was.
    static func digest(of folder: String) throws -> String {
        let result = try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "tar --sort=name -cf - -C \"$0\" . | sha256sum", folder])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    static let red: UInt32 = 0xFF00_00FF
    static let blue: UInt32 = 0xFFFF_0000

    // MARK: 4. Errors that are said

    @Test(arguments: [
        (["compare", "/no/such/a.png", "/no/such/b.png"], Int32(66)),
        (["generate", "--turns", "0", "--out", "/tmp/never"], Int32(64)),
        (["score", "--seed", "1", "--turns", "5", "--responses", "/no/such.csv"], Int32(66)),
        (["worksheet", "--turns", "0", "--out", "/tmp/never.pdf"], Int32(64)),
    ])
    func aFullStandardErrorIsNoCrash(arguments: [String], status: Int32) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try Self.run(arguments, stderr: full)
        #expect(result.ending == Ending(status: status, signalled: false))
    }

    @Test func compareJSONToAFullStandardOutputIs74() throws {
        let folder = try TemporaryFolder()
        try Self.png(Self.red).write(to: folder.url.appendingPathComponent("a.png"))
        let before = try TemporaryFolder.files(in: folder.url)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try Self.run(["compare", folder.path("a.png"), folder.path("a.png"), "--json"], stdout: full)
        #expect(result.ending == Ending(status: 74, signalled: false))
        #expect(result.stderr == "shapeturns: cannot write standard output: No space left on device\n")
        #expect(try TemporaryFolder.files(in: folder.url) == before)
    }

    /// A closed stdout is 74; a closed stderr is not a file: the diff opened next is not given
    /// its descriptor, so no message lands in the image.
    @Test func closedStandardStreamsAreNeitherSilentNorWrittenIntoFiles() throws {
        let folder = try TemporaryFolder()
        try Self.png(Self.red).write(to: folder.url.appendingPathComponent("a.png"))
        try Self.png(Self.blue).write(to: folder.url.appendingPathComponent("b.png"))
        let shell = URL(fileURLWithPath: "/bin/sh")
        let closedOut = try ShapeTurnsBinary.runTool(
            shell, ["-c", "\"$0\" compare a.png b.png --json >&-", ShapeTurnsBinary.url.path], in: folder.url)
        #expect(closedOut.status == 74)
        #expect(closedOut.stderr == "shapeturns: cannot write standard output: it is closed\n")
        let open = try ShapeTurnsBinary.run(["compare", "a.png", "b.png", "--diff", "open.png"], in: folder.url)
        try #require(open.status == 1)
        let closedErr = try ShapeTurnsBinary.runTool(
            shell, ["-c", "\"$0\" compare a.png b.png --diff closed.png 2>&-", ShapeTurnsBinary.url.path],
            in: folder.url)
        #expect(closedErr.status == 1)
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("closed.png"))
                == Data(contentsOf: folder.url.appendingPathComponent("open.png")))
    }

    @Test(arguments: [["--help"], ["--version"], ["compare", "--help"], ["score", "--help"]])
    func helpAndVersionToAFullStandardOutputAre74(arguments: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try Self.run(arguments, stdout: full)
        #expect(result.ending == Ending(status: 74, signalled: false))
        #expect(result.stderr == "shapeturns: cannot write standard output: No space left on device\n")
    }

    @Test func scoreJSONToAFullStandardOutputIs74() throws {
        let folder = try TemporaryFolder()
        try Data("turn,choice\n1,a\n".utf8).write(to: folder.url.appendingPathComponent("r.csv"))
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try Self.run(
            ["score", "--seed", "1", "--turns", "5", "--responses", folder.path("r.csv"), "--json"], stdout: full)
        #expect(result.ending == Ending(status: 74, signalled: false))
        #expect(result.stderr == "shapeturns: cannot write standard output: No space left on device\n")
    }

    @Test func aReaderClosingTheTarStreamEndsTheRunWith74AndAWord() throws {
        let process = Process()
        process.executableURL = ShapeTurnsBinary.url
        process.arguments = ["generate", "--turns", "200", "--pack", "tar", "--out", "-", "--quiet"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let head = try #require(try output.fileHandleForReading.read(upToCount: 100))
        #expect(head.count == 100)
        try output.fileHandleForReading.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(message == "shapeturns: cannot write standard output: Broken pipe\n")
    }

    // MARK: 2. Inputs read within their bound

    /// A 5-turn worksheet copied for the whole class: its key bounds a class's answers by the
    /// roster limit, as one sheet shared by everyone does.
    static func sharedSheet(in folder: TemporaryFolder) throws -> String {
        let sheet = folder.url.appendingPathComponent("sheet.pdf").path
        let made = try run(["worksheet", "--turns", "5", "--seed", "1", "--out", sheet, "--quiet"])
        #expect(made.ending == Ending(status: 0, signalled: false))
        return sheet
    }

    /// A class's answers far over what a 5-turn key's class can write is refused before it is read.
    @Test func classAnswersOverTheKeysBoundAreRefused() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("answers.csv")
        let row = "Ana,1,a\n"
        let bytes = Data(("student,turn,choice\n" + String(repeating: row, count: 400_000)).utf8)
        try bytes.write(to: file)
        let result = try Self.run(["score", "--key", try Self.sharedSheet(in: folder), "--class", file.path])
        #expect(result.ending == Ending(status: 65, signalled: false))
        #expect(
            result.stderr
                == "shapeturns: --class \(file.path): is \(bytes.count) bytes; at most 1345616 are accepted here\n")
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test func aLongCellIsQuotedInAtMost40Characters() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("answers.csv")
        try Data(("student,turn,choice\nAna,1," + String(repeating: "x", count: 100_000) + "\n").utf8).write(to: file)
        let before = try Data(contentsOf: file)
        let result = try Self.run(["score", "--key", try Self.sharedSheet(in: folder), "--class", file.path])
        #expect(result.ending == Ending(status: 65, signalled: false))
        #expect(try Data(contentsOf: file) == before)
        let quoted = String(repeating: "x", count: 40) + "..."
        #expect(result.stderr.hasSuffix("line 2: turn 1: choice '\(quoted)' must be a, b or empty (blank)\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func repeatedProblemsAreCappedWithACount() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("answers.csv")
        // A wide header with 100,000 turn columns for 5-turn sheets, and one student filling them.
        let header = "student," + (1...100_000).map(String.init).joined(separator: ",")
        let row = "Ana," + Array(repeating: "a", count: 100_000).joined(separator: ",")
        try Data((header + "\n" + row + "\n").utf8).write(to: file)
        let result = try Self.run(["score", "--key", try Self.sharedSheet(in: folder), "--class", file.path])
        #expect(result.ending == Ending(status: 65, signalled: false))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(
            lines.last
                == "shapeturns: \(file.path): and 99,985 more problems like these; fix the ones above and score again")
    }

    @Test func aWorksheetKeyWithMoreAnswersThanItsSheetIsRefused() throws {
        let folder = try TemporaryFolder()
        let sheet = folder.path("sheet.pdf")
        let made = try ShapeTurnsBinary.run(["worksheet", "--turns", "5", "--seed", "3", "--out", sheet])
        try #require(made.status == 0, "\(made.stderr)")
        let original = try String(decoding: Data(contentsOf: URL(fileURLWithPath: sheet)), as: Unicode.ASCII.self)
        let answers = try #require(original.firstMatch(of: /"answers":"[ab]{5}"/))
        let forged = original.replacingCharacters(
            in: answers.range, with: "\"answers\":\"" + String(repeating: "a", count: 2_000_000) + "\"")
        let forgedPath = folder.path("forged.pdf")
        try Data(forged.utf8).write(to: URL(fileURLWithPath: forgedPath))
        try Data("turn,choice\n1,a\n".utf8).write(to: folder.url.appendingPathComponent("r.csv"))
        let result = try ShapeTurnsBinary.run(["score", "--key", forgedPath, "--responses", folder.path("r.csv")])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("shapeturns: \(forgedPath): the embedded key of sheet "))
        #expect(result.stderr.hasSuffix(" holds 2000000 answers for a sheet of 5 turns\n"))
    }

    /// A manifest claiming ten million turns does not make a set's key read whole: it is read a
    /// line at a time, and a line longer than any key's is refused.
    @Test func aSetsKeyIsReadALineAtATime() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        let made = try ShapeTurnsBinary.run(["generate", "--turns", "3", "--format", "svg", "--out", set, "--quiet"])
        try #require(made.status == 0, "\(made.stderr)")
        let manifestURL = URL(fileURLWithPath: set + "/manifest.json")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        // Every count of turns (the set's, and the shortcut audit's) claims ten million.
        try #require(manifest.contains(/"turns" ?: ?3\b/))
        try manifest.replacing(/"turns" ?: ?3\b/, with: "\"turns\":10000000")
            .write(to: manifestURL, atomically: true, encoding: .utf8)
        let junk = Data(repeating: UInt8(ascii: "x"), count: 100_000)
        try junk.write(to: URL(fileURLWithPath: set + "/answers.jsonl"))
        try Data("turn,choice\n1,a\n".utf8).write(to: folder.url.appendingPathComponent("r.csv"))
        let result = try ShapeTurnsBinary.run(["score", "--key", set, "--responses", folder.path("r.csv")])
        #expect(result.status == 65)
        #expect(
            result.stderr == "shapeturns: \(set)/answers.jsonl line 1: is longer than the 8192 bytes a line may have\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: set + "/answers.jsonl")) == junk)
    }

    @Test func aPNGsDeclaredSizeIsReadFromItsHeader() throws {
        let bytes = [UInt8](try Self.png(Self.red, side: 8))
        #expect(PNGFileBounds.declaredSize(bytes) == ImageSize(width: 8, height: 8))
        var huge = bytes
        huge.replaceSubrange(16..<24, with: [0, 0, 0x40, 0, 0, 0, 0xFF, 0xFF])
        #expect(PNGFileBounds.declaredSize(huge) == ImageSize(width: 16384, height: 65535))
        huge.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 0, 0, 1])
        #expect(PNGFileBounds.declaredSize(huge) == nil)
        #expect(PNGFileBounds.declaredSize(Array("not a png at all, not at all".utf8)) == nil)
    }

    /// Workers that each want 60 of a budget of 100 pixels never hold the budget together; one
    /// that wants more than all of it still runs, alone.
    @Test func thePixelBudgetMakesJobsWaitForPixels() {
        final class Peak: @unchecked Sendable {
            let lock = NSLock()
            var current = 0
            var highest = 0
            func add(_ pixels: Int) {
                lock.withLock {
                    current += pixels
                    highest = max(highest, current)
                }
            }
        }
        let budget = PixelBudget(limit: 100)
        let peak = Peak()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<40 {
                budget.take(60)
                peak.add(60)
                usleep(200)
                peak.add(-60)
                budget.give(60)
            }
        }
        #expect(peak.highest == 60)
        budget.take(250)
        budget.give(250)
    }

    /// Pair mode stays within the pixel budget folder compare uses (two images and their diff):
    /// the decoded images are freed before the diff is encoded. The child's peak RSS (from
    /// `getrusage`) may exceed that of a tiny pair by at most 3 x 4 bytes per pixel and 32 MiB;
    /// holding the images while encoding costs a fourth image (64 MiB here) and fails.
    @Test func pairModeWithADiffHoldsAtMostTheImagesAndTheDiff() throws {
        let folder = try TemporaryFolder()
        let side = 4096
        let measure = """
            import resource, struct, subprocess, sys, zlib
            binary, folder, side = sys.argv[1], sys.argv[2], int(sys.argv[3])
            def png(path, side, rgba):
                raw = b"".join(b"\\x00" + bytes(rgba) * side for _ in range(side))
                def chunk(kind, data):
                    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
                header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
                with open(path, "wb") as out:
                    out.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
            def peak(side):
                png(f"{folder}/a.png", side, (255, 0, 0, 255))
                png(f"{folder}/b.png", side, (0, 0, 255, 255))
                status = subprocess.run([binary, "compare", f"{folder}/a.png", f"{folder}/b.png", "--diff", f"{folder}/d{side}.png"], stdout=subprocess.DEVNULL).returncode
                assert status == 1, status
                return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            small = peak(8)
            print(small, peak(side))
            """
        let result = try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", measure, ShapeTurnsBinary.url.path, folder.url.path, String(side)])
        try #require(result.status == 0, "\(result.stderr)")
        let kilobytes = result.stdout.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(kilobytes.count == 2)
        let allowed = kilobytes[0] + 3 * side * side * 4 / 1024 + 32 * 1024
        #expect(kilobytes[1] <= allowed, "peak \(kilobytes[1]) kB, allowed \(allowed) kB")
        #expect(FileManager.default.fileExists(atPath: folder.path("d\(side).png")))
    }

    // MARK: 3. Every entry of a walk compared or reported

    /// An expected and an actual folder differing in `\xff\xfe.png` (red, then blue), with
    /// `caf\xe9.png` only in the actual one.
    static func foldersWithNamesThatAreNotUTF8() throws -> (TemporaryFolder, String, String) {
        let folder = try TemporaryFolder()
        let expected = folder.path("expected")
        let actual = folder.path("actual")
        try FileManager.default.createDirectory(atPath: expected, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: actual, withIntermediateDirectories: true)
        try write(try png(red), named: [0xFF, 0xFE] + Array(".png".utf8), in: expected)
        try write(try png(blue), named: [0xFF, 0xFE] + Array(".png".utf8), in: actual)
        try write(try png(red), named: Array("caf".utf8) + [0xE9] + Array(".png".utf8), in: actual)
        return (folder, expected, actual)
    }

    @Test func namesThatAreNotUTF8AreComparedAndPrintedEscaped() throws {
        let (folder, expected, actual) = try Self.foldersWithNamesThatAreNotUTF8()
        let before = try Self.digest(of: folder.url.path)
        let result = try Self.run(["compare", expected, actual])
        #expect(result.ending == Ending(status: 1, signalled: false))
        #expect(
            result.stdout.split(separator: "\n").dropFirst().map(String.init) == [
                #"changed: \xff\xfe.png: 64 of 64 pixels differ (100.0%)"#,
                #"new: caf\xe9.png: only in the actual folder"#,
            ])
        #expect(try Self.digest(of: folder.url.path) == before)
    }

    /// `approve` opens images by the bytes of their names, not by the escaped names it prints:
    /// a changed, a new and a pruned image whose names are not UTF-8 or hold a line break are
    /// approved, and afterwards the folders compare equal.
    @Test func approveWorksOnNamesThatAreNotUTF8() throws {
        let (folder, expected, actual) = try Self.foldersWithNamesThatAreNotUTF8()
        try Self.write(try Self.png(Self.blue), named: Array("two\nlines.png".utf8), in: actual)
        try Self.write(try Self.png(Self.blue), named: Array("gone".utf8) + [0x80] + Array(".png".utf8), in: expected)
        let actualBefore = try Self.digest(of: actual)
        let approved = try Self.run(["approve", expected, actual, "--prune"])
        #expect(approved.ending == Ending(status: 0, signalled: false), "\(approved.stderr)")
        #expect(approved.stderr.isEmpty)
        let compared = try Self.run(["compare", expected, actual])
        #expect(compared.ending == Ending(status: 0, signalled: false), "\(compared.stdout)")
        // No staged or set-aside file is left: the expected folder holds exactly the three images.
        let listing = try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ls -Ab \"$0\" | wc -l", expected])
        #expect(listing.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        #expect(try Self.digest(of: actual) == actualBefore)
        withExtendedLifetime(folder) {}
    }

    @Test func namesWithLineBreaksAndEscapesStayOnOneLine() throws {
        let folder = try TemporaryFolder()
        let expected = folder.path("expected")
        let actual = folder.path("actual")
        try FileManager.default.createDirectory(atPath: expected, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: actual, withIntermediateDirectories: true)
        try Self.write(try Self.png(Self.red), named: Array("two\nlines\u{1B}[31m.png".utf8), in: actual)
        let before = try Self.digest(of: folder.url.path)
        let result = try Self.run(["compare", expected, actual])
        #expect(result.ending == Ending(status: 1, signalled: false))
        #expect(result.stdout.split(separator: "\n").last == #"new: two\nlines\x1b[31m.png: only in the actual folder"#)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(try Self.digest(of: folder.url.path) == before)
    }

    @Test func danglingLinksOnEitherSideAreReported() throws {
        let folder = try TemporaryFolder()
        let expected = folder.path("expected")
        let actual = folder.path("actual")
        try FileManager.default.createDirectory(atPath: expected, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: actual, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: expected + "/both.png", withDestinationPath: "/no/such.png")
        try Self.png(Self.red).write(to: URL(fileURLWithPath: actual + "/both.png"))
        try FileManager.default.createSymbolicLink(atPath: expected + "/gone.png", withDestinationPath: "/no/such.png")
        try FileManager.default.createSymbolicLink(atPath: actual + "/fresh.png", withDestinationPath: "/no/such.png")
        let before = try Self.digest(of: folder.url.path)
        let result = try Self.run(["compare", expected, actual])
        #expect(result.ending == Ending(status: 1, signalled: false))
        #expect(
            result.stdout.split(separator: "\n").dropFirst().map(String.init) == [
                "changed: both.png: expected: cannot be read: No such file or directory",
                "new: fresh.png: only in the actual folder; it cannot be read: No such file or directory",
                "missing: gone.png: only in the expected folder; it cannot be read: No such file or directory",
            ])
        #expect(try Self.digest(of: folder.url.path) == before)
    }

    /// Run as `nobody`, since root reads any folder.
    @Test func anUnreadableFolderOnEitherSideIs66() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let expected = folder.path("expected")
        let actual = folder.path("actual")
        try FileManager.default.createDirectory(atPath: expected + "/locked", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: actual + "/locked", withIntermediateDirectories: true)
        try Self.png(Self.red).write(to: URL(fileURLWithPath: expected + "/locked/a.png"))
        try Self.png(Self.red).write(to: URL(fileURLWithPath: actual + "/locked/a.png"))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: actual + "/locked")
        let before = try Self.digest(of: folder.url.path)
        let sub = try Self.run(["compare", expected, actual], user: 65534)
        #expect(sub.ending == Ending(status: 66, signalled: false))
        #expect(sub.stderr == "shapeturns: \(actual): its subfolder locked cannot be read: Permission denied\n")
        #expect(try Self.digest(of: folder.url.path) == before)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: expected)
        let beforeTop = try Self.digest(of: folder.url.path)
        let top = try Self.run(["compare", expected, actual], user: 65534)
        #expect(top.ending == Ending(status: 66, signalled: false))
        #expect(top.stderr == "shapeturns: \(expected): cannot be read: Permission denied\n")
        #expect(try Self.digest(of: folder.url.path) == beforeTop)
    }
}
