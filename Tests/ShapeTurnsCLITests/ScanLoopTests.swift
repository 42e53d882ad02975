import Foundation
import ShapeTurns
import Testing

/// The parts of `scan` that keep the teacher's loop from ending wrong: outputs that are inputs,
/// names that are not UTF-8, a folder of scans, another week's key, and exit statuses that say
/// whether the gradebook is final.
@Suite struct ScanLoopTests {
    /// Runs `script` in the shell, `$0` being `shapeturns`, so that arguments can hold any bytes
    /// (`printf`'s octal escapes), which `Process` cannot pass.
    private static func runBytes(_ script: String, in folder: TemporaryFolder) throws -> ShapeTurnsBinary.Result {
        try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, ShapeTurnsBinary.url.path], in: folder.url)
    }

    /// A name that is not UTF-8 is refused with its bytes shown, before anything is read or
    /// written, by every command: never read or written under another (repaired) name.
    @Test(arguments: [
        ("\"$0\" generate --turns 2 --out \"$(printf 'set\\377')\"", "set\\xff"),
        ("\"$0\" worksheet --turns 4 --out \"$(printf 'w\\377.pdf')\"", "w\\xff.pdf"),
        ("\"$0\" scan \"$(printf 'page\\377\\376.png')\" --seed 7 --turns 8", "page\\xff\\xfe.png"),
        ("\"$0\" score --seed 7 --turns 8 --roster r.txt --class r.txt --csv \"$(printf 'g\\377.csv')\"", "g\\xff.csv"),
    ])
    func aNameThatIsNotUTF8IsRefusedNotRenamed(script: String, shown: String) throws {
        let folder = try TemporaryFolder()
        try Data("Ana Lima\n".utf8).write(to: folder.url.appendingPathComponent("r.txt"))
        // The scan named with raw bytes exists: it must not be called missing.
        let made = try Self.runBytes("printf 'x' > \"$(printf 'page\\377\\376.png')\"", in: folder)
        try #require(made.status == 0, "\(made.stderr)")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        let result = try Self.runBytes(script, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: argument "), "\(result.stderr)")
        #expect(result.stderr.contains("('\(shown)'): not UTF-8"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == before)
    }

    /// An output that is an input of the run, or a review folder that holds one, is refused (73)
    /// before any page is read, and nothing changes.
    @Test func anOutputThatIsAnInputIsRefusedBeforeAnyPageIsRead() throws {
        let scans = try TickedClass(roster: ["Ana Lima"]) { _, _, larger in [larger] }
        let folder = scans.folder
        try FileManager.default.createDirectory(atPath: folder.path("pile"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: folder.path("scan-1.png"), toPath: folder.path("pile/scan-1.png"))
        let before = try TemporaryFolder.files(in: folder.url)
        let scan = ["scan", "scan-1.png", "pile/scan-1.png", "--key", "class-key.pdf"]
        for (outputs, line) in [
            (
                ["--csv", "scan-1.png"],
                "shapeturns: cannot create scan-1.png: --csv is an input of this run (scan-1.png)"
            ),
            (
                ["--responses", "./class-key.pdf"],
                "shapeturns: cannot create ./class-key.pdf: --responses is an input of this run (class-key.pdf)"
            ),
            (
                ["--review", "pile"],
                "shapeturns: cannot create output folder pile: it holds pile/scan-1.png, an input of this run"
            ),
        ] {
            let result = try ShapeTurnsBinary.run(scan + outputs, in: folder.url)
            #expect(result.status == 73, "\(outputs): \(result.stderr)")
            #expect(result.stderr.hasPrefix(line), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(try TemporaryFolder.files(in: folder.url) == before, "\(outputs) changed a file")
        }
    }

    /// `scan FOLDER` reads the folder's own scans in name order, as the same files named one by
    /// one; a file that is no scan and a subfolder are each named with one line.
    @Test func aFolderIsReadAsItsScansAndEveryOtherEntryIsNamed() throws {
        let scans = try TickedClass(roster: ["Ana Lima", "Ben Okafor"]) { _, _, larger in [larger] }
        let folder = scans.folder
        try FileManager.default.createDirectory(atPath: folder.path("pile/old"), withIntermediateDirectories: true)
        for name in scans.scans {
            try FileManager.default.copyItem(atPath: folder.path(name), toPath: folder.path("pile/\(name)"))
        }
        try Data("not a scan\n".utf8).write(to: folder.url.appendingPathComponent("pile/notes.txt"))
        let named = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans + ["--key", "class-key.pdf", "--csv", "named.csv"], in: folder.url)
        let whole = try ShapeTurnsBinary.run(
            ["scan", "pile", "--key", "class-key.pdf", "--csv", "pile.csv"], in: folder.url)
        #expect(named.status == 0 && whole.status == 0, "\(named.stderr)\(whole.stderr)")
        #expect(
            whole.stderr == """
                shapeturns: pile/notes.txt: skipped: not a PDF, TIFF, JPEG or PNG scan
                shapeturns: pile/old: skipped: a folder; scan reads a folder's own files, not its subfolders (name it too to read it)

                """)
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("named.csv"))
                == Data(contentsOf: folder.url.appendingPathComponent("pile.csv")))
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: false)
        let empty = try ShapeTurnsBinary.run(["scan", "empty", "--key", "class-key.pdf"], in: folder.url)
        #expect(empty.status == 66, "\(empty.stderr)")
        #expect(
            empty.stderr
                == "shapeturns: SCANS empty: is a folder with no PDF, TIFF, JPEG or PNG scan in it (0 entries)\n")
    }

    /// Another week's key: one line with the hint, no gradebook and no file written.
    @Test func anotherWeeksKeyIsOneLineAndNoGradebook() throws {
        let scans = try TickedClass(roster: ["Ana Lima", "Ben Okafor"]) { _, _, larger in [larger] }
        try scans.writeStrangers()
        let folder = scans.folder
        let result = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans + ["--key", "other-key.pdf", "--csv", "g.csv", "--review", "rv"], in: folder.url)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let codes = scans.key.sheets.compactMap(\.code)
        #expect(
            result.stderr
                == "shapeturns: other-key.pdf: 4 pages are of sheets not in this key (\(codes.joined(separator: ", "))) and no page is of a sheet in it: these sheets are not in this key — another week's key?\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path("g.csv")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("rv")))
    }
}
