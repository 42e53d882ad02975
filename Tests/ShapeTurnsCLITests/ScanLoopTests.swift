import Foundation
import ShapeScan
import ShapeTurns
import ShapeTurnsCore
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
    /// written, by every command but in the files of the teacher's loop (`scan`'s scans and
    /// outputs, `score --class` and its `--csv`): never read or written under another (repaired) name.
    @Test(arguments: [
        ("\"$0\" generate --turns 2 --out \"$(printf 'set\\377')\"", "set\\xff"),
        ("\"$0\" worksheet --turns 4 --out \"$(printf 'w\\377.pdf')\"", "w\\xff.pdf"),
        (
            "\"$0\" scan \"$(printf 'page\\377\\376.png')\" --roster \"$(printf 'r\\377.txt')\" --seed 7 --turns 8",
            "r\\xff.txt"
        ),
        ("\"$0\" score --seed 7 --turns 8 --roster \"$(printf 'r\\377.txt')\" --class r.txt", "r\\xff.txt"),
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
        #expect(result.stderr.hasPrefix("shapeturns: '\(shown)': not UTF-8"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == before)
    }

    /// Scans whose names are not UTF-8 (a copier's Latin-1 names: a folder, a PDF in it, a file
    /// in it that is no scan, a TIFF and a PNG named on the command line) are read under those
    /// names, into the gradebook and responses the same scans give under UTF-8 names, and named
    /// with their bytes shown as `\xHH`.
    @Test func scansNamedInBytesAreReadUnderTheirNames() throws {
        let scans = try TickedClass(roster: ["Ana Lima", "Ben Okafor"]) { _, _, larger in [larger] }
        let folder = scans.folder
        let pages = try scans.scans.map { try #require(ScanFile(path: folder.path($0)).pages.first ?? nil) }
        try Data(CopierPDF.bytes(try CopierPDF.jpeg(Array(pages[0..<2]), quality: 90), dpi: 150))
            .write(to: URL(fileURLWithPath: folder.path("copier.pdf")))
        try #require(TIFFCodec.writeG4([pages[2]], dpi: 150, toPath: folder.path("copier.tif")))
        let named = try ShapeTurnsBinary.run(
            ["scan", "copier.pdf", "copier.tif", "scan-4.png", "--key", "class-key.pdf"]
                + ["--csv", "named.csv", "--responses", "named-read.csv"], in: folder.url)
        let made = try Self.runBytes(
            """
            mkdir "$(printf 'pile\\377')" && cp copier.pdf "$(printf 'pile\\377/copier\\351.pdf')" \
              && echo notes > "$(printf 'pile\\377/notes\\351.txt')" && cp copier.tif "$(printf 'p\\376.tif')" \
              && cp scan-4.png "$(printf 'scan\\377\\376-4.png')"
            """, in: folder)
        try #require(made.status == 0, "\(made.stderr)")
        let bytes = try Self.runBytes(
            """
            "$0" scan "$(printf 'pile\\377')" "$(printf 'p\\376.tif')" "$(printf 'scan\\377\\376-4.png')" \
              --key class-key.pdf --csv bytes.csv --responses bytes-read.csv --json
            """, in: folder)
        #expect(bytes.status == named.status, "\(named.stderr)\(bytes.stderr)")
        #expect(
            bytes.stderr.hasPrefix(
                "shapeturns: pile\\xff/notes\\xe9.txt: skipped: not a PDF, TIFF, JPEG or PNG scan\n"),
            "\(bytes.stderr)")
        #expect(!bytes.stderr.contains("\u{FFFD}"), "\(bytes.stderr)")
        #expect(
            bytes.stdout.contains(#"pile\\xff/copier\\xe9.pdf p\\xfe.tif scan\\xff\\xfe-4.png"#), "\(bytes.stdout)")
        for (first, second) in [("named.csv", "bytes.csv"), ("named-read.csv", "bytes-read.csv")] {
            #expect(
                try Data(contentsOf: folder.url.appendingPathComponent(first))
                    == Data(contentsOf: folder.url.appendingPathComponent(second)), "\(second)")
        }
    }

    /// `scan`'s outputs named in bytes that are not UTF-8 (the folder above one made new) are
    /// written under exactly those names, and replaced by a second run; the responses so named
    /// are scored by `score --class` into the same gradebook. Nothing is written under another
    /// name: no U+FFFD (`EF BF BD`) and no escaping character (`F4 8F`) reaches the disk, in a
    /// name or in a folder's record.
    @Test func outputsNamedInBytesAreWrittenUnderTheirNames() throws {
        let scans = try TickedClass(roster: ["Ana Lima", "Ben Okafor"]) { _, _, larger in [larger] }
        let folder = scans.folder
        let plain = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans + ["--key", "class-key.pdf", "--csv", "plain.csv"], in: folder.url)
        try #require(plain.status == 0, "\(plain.stderr)")
        let scan =
            "\"$0\" scan " + scans.scans.joined(separator: " ")
            + " --key class-key.pdf --csv \"$(printf 'g\\377.csv')\" --responses \"$(printf 'new\\376/r\\377.csv')\""
            + " --review \"$(printf 'rv\\375')\""
        for run in 1...2 {
            let result = try Self.runBytes(scan, in: folder)
            #expect(result.status == 0, "run \(run): \(result.stderr)")
        }
        let score = try Self.runBytes(
            "\"$0\" score --key class-key.pdf --class \"$(printf 'new\\376/r\\377.csv')\" --csv \"$(printf 's\\377.csv')\"",
            in: folder)
        #expect(score.status == 0, "\(score.stderr)")
        let same = try Self.runBytes(
            "cmp \"$(printf 'g\\377.csv')\" plain.csv && cmp \"$(printf 's\\377.csv')\" plain.csv"
                + " && test -f \"$(printf 'rv\\375/index.html')\"", in: folder)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        var names: [[UInt8]] = []
        var records: [[UInt8]] = []
        func walk(_ path: [UInt8]) throws {
            let text = try #require(EscapedBytes.string(path))
            for name in try FolderNames.entries(of: text).get() {
                let child = path + [UInt8(ascii: "/")] + name
                names.append(name)
                if name == Array(".shapeturns-files".utf8) {
                    records.append(try BoundedFileReader.read(pathBytes: child, limit: 1 << 20, describedAs: "record"))
                }
                var status = stat()
                if lstat(PathBytes.cString(child), &status) == 0, status.st_mode & S_IFMT == S_IFDIR { try walk(child) }
            }
        }
        try walk(Array(folder.url.path.utf8))
        for name in ["g\u{FF}.csv", "s\u{FF}.csv", "new\u{FE}", "r\u{FF}.csv", "rv\u{FD}"] {
            #expect(names.contains(name.unicodeScalars.map { UInt8($0.value) }), "\(name) not written")
        }
        #expect(records.count == 3)
        for bytes in names + records {
            let repaired = bytes.indices.contains { bytes[$0...].starts(with: [0xEF, 0xBF, 0xBD] as [UInt8]) }
            let escaping = bytes.indices.contains { bytes[$0...].starts(with: [0xF4, 0x8F] as [UInt8]) }
            #expect(!repaired && !escaping, "\(DisplayName.escaped(bytes))")
        }
    }

    /// A run from a folder whose path is not UTF-8, or holds a character `EscapedBytes` keeps for
    /// a byte, is refused, with nothing written: Foundation resolves a relative name from that
    /// path as a string, which wrote `--out s` into a new folder of another name beside it.
    @Test(
        arguments: [
            ("w\\377", [0x77, 0xFF], "w\\xff"),
            ("w\\364\\217\\277\\277", [0x77, 0xF4, 0x8F, 0xBF, 0xBF], "w\\u{10ffff}"),
        ] as [(String, [UInt8], String)])
    func aRunFromAFolderNamedInBytesIsRefused(octal: String, bytes: [UInt8], shown: String) throws {
        let folder = try TemporaryFolder()
        let result = try Self.runBytes(
            "mkdir \"$(printf '\(octal)')\" && cd \"$(printf '\(octal)')\" && \"$0\" generate --turns 2 --out s",
            in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: the current folder ("), "\(result.stderr)")
        #expect(result.stderr.contains("/\(shown)): is not named in UTF-8"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try FolderNames.entries(of: folder.url.path).get() == [bytes])
        let empty = try Self.runBytes("test -z \"$(ls -A \"$(printf '\(octal)')\")\"", in: folder)
        #expect(empty.status == 0, "the folder run from was written in")
        let help = try Self.runBytes("cd \"$(printf '\(octal)')\" && \"$0\" scan --help", in: folder)
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: "), "\(help.stderr)")
    }

    /// A review folder holding a file whose name holds a character `EscapedBytes` keeps for a
    /// byte is a folder of the user's, refused (73), not taken for an empty one.
    @Test func aReviewFolderHoldingANameOfEscapingCharactersIsRefused() throws {
        let scans = try TickedClass(roster: ["Ana Lima"]) { _, _, larger in [larger] }
        let folder = scans.folder
        let made = try Self.runBytes(
            "mkdir rv && printf kept > \"rv/$(printf 'e\\364\\217\\277\\277.txt')\"", in: folder)
        try #require(made.status == 0, "\(made.stderr)")
        let result = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans + ["--key", "class-key.pdf", "--review", "rv"], in: folder.url)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("not a ShapeTurns report"), "\(result.stderr)")
        #expect(
            try FolderNames.entries(of: folder.path("rv")).get() == [
                [0x65, 0xF4, 0x8F, 0xBF, 0xBF] + Array(".txt".utf8)
            ])
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
