import Foundation
import ShapeGame
import ShapeRendering
import ShapeScan
import ShapeTurns
import Testing

/// `shapeturns scan` end to end: a class printed to PDF, its pages rasterised by poppler as a
/// scanner would see them, ticked, and read back into the gradebook.
@Suite struct ScanCommandTests {
    /// Two students share a name, so the responses must tell them apart by roster number; one
    /// name holds a comma, so every CSV must quote it.
    static let roster = ["Ana Lima", "Ben Okafor", "Diaz, Cara", "Ana Lima"]

    /// Ana Lima (No. 1) ticks every right answer; Ben every wrong one, both boxes on turn 5;
    /// Cara the right ones, both boxes on turn 3; Ana Lima (No. 4) the right ones but turn 7.
    static func ticks(_ student: Int, _ turn: Int, _ larger: ShapeLabel) -> [ShapeLabel] {
        let wrong: ShapeLabel = larger == .a ? .b : .a
        switch (student, turn) {
        case (1, 5), (2, 3): return [.a, .b]
        case (1, _): return [wrong]
        case (3, 7): return []
        default: return [larger]
        }
    }

    /// The CSV's rows, each a list of fields (quotes and doubled quotes read; no line breaks in fields).
    static func rows(_ csv: String) -> [[String]] {
        csv.split(whereSeparator: \.isNewline).map { line in
            var fields = [""]
            var quoted = false
            var previous: Character?
            for character in line {
                switch character {
                case "\"" where quoted: quoted = false
                case "\"":
                    if previous == "\"" { fields[fields.count - 1].append("\"") }
                    quoted = true
                case "," where !quoted: fields.append("")
                default: fields[fields.count - 1].append(character)
                }
                previous = character
            }
            return fields
        }
    }

    @Test func readsTickedPagesIntoTheGradebookScoreWrites() throws {
        let scans = try TickedClass(roster: Self.roster, ticks: Self.ticks)
        try scans.writeStrangers()
        let folder = scans.folder
        // In reverse order, with a blank page (the back of a leaf): named, but not an error.
        let result = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans.reversed() + [
                "blank.png", "--key", "class-key.pdf", "--csv", "gradebook.csv", "--responses", "read.csv",
                "--review", "review",
            ], in: folder.url)
        // Two turns flagged: the gradebook is not final, and the status says so.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("shapeturns: blank page skipped: blank.png\n"), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stderr)")
        // In roster order (Ben before Cara), though the pages were scanned in reverse.
        #expect(
            lines.filter { $0.contains("flagged for review") } == [
                "shapeturns: scan-3.png: Ben Okafor, turn 5: flagged for review: both boxes marked",
                "shapeturns: scan-5.png: Diaz, Cara, turn 3: flagged for review: both boxes marked",
            ], "\(result.stderr)")
        let awaiting =
            "2 turns await review (counted blank here): decide them on the review page and score the saved responses with score --class"
        #expect(lines.last == "shapeturns: \(awaiting)", "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\n\(awaiting)\n"), "\(result.stdout)")

        // The responses name every student as the roster does; two of the same name by number.
        let read = try String(contentsOfFile: folder.path("read.csv"), encoding: .utf8)
        let codes = scans.key.sheets.map { $0.code ?? "" }
        let readLines = read.split(whereSeparator: \.isNewline)
        #expect(readLines.first == "student,sheet,turn,choice,flag")
        #expect(readLines.count == 1 + 4 * TickedClass.turns, "\(read)")
        for (index, name) in ["Ana Lima #1", "Ben Okafor", "\"Diaz, Cara\"", "Ana Lima #4"].enumerated() {
            let rows = readLines.filter { $0.hasPrefix("\(name),\(codes[index]),") }
            #expect(rows.count == TickedClass.turns, "\(name): \(read)")
        }
        #expect(read.contains("\n\"Diaz, Cara\",\(codes[2]),3,,both boxes marked\n"), "\(read)")
        #expect(read.contains("\nAna Lima #4,\(codes[3]),7,,\n"), "\(read)")

        // score --class reads them back to the same gradebook, row for row.
        let gradebook = try String(contentsOfFile: folder.path("gradebook.csv"), encoding: .utf8)
        let scored = try ShapeTurnsBinary.run(
            ["score", "--key", "class-key.pdf", "--class", "read.csv", "--csv", "scored.csv"], in: folder.url)
        #expect(scored.status == 0, "\(scored.stderr)")
        #expect(scored.stderr.isEmpty, "\(scored.stderr)")
        let rows = Self.rows(gradebook)
        #expect(rows == Self.rows(try String(contentsOfFile: folder.path("scored.csv"), encoding: .utf8)))
        let student = try #require(rows.first?.firstIndex(of: "student"))
        let correct = try #require(rows.first?.firstIndex(of: "correct"))
        let blank = try #require(rows.first?.firstIndex(of: "blank"))
        try #require(rows.count == 5 && rows[1...].allSatisfy { $0.count > correct }, "\(gradebook)")
        #expect(rows[1...].map { String($0[student]) } == Self.roster, "\(gradebook)")
        #expect(rows[1...].map { Int($0[correct]) } == [10, 0, 9, 9], "\(gradebook)")
        #expect(rows[1...].map { Int($0[blank]) } == [0, 1, 1, 1], "\(gradebook)")

        let review = try String(contentsOfFile: folder.path("review/index.html"), encoding: .utf8)
        #expect(review.contains("shapeturns scan --review"))
        #expect(review.contains("shapeturns score --key class-key.pdf --class corrected-responses.csv"))
    }

    /// The class scanned in black and white (one G4 TIFF, thresholded as a copier's 1-bit setting
    /// writes it): read into the same gradebook as the grey pages, the same status, and one note on
    /// stderr that a mark lighter than the threshold is not in such a file. The grey pages get none.
    @Test func aBlackAndWhiteScanIsReadWithANote() throws {
        let scans = try TickedClass(roster: Self.roster, ticks: Self.ticks)
        let folder = scans.folder
        let pages = try scans.scans.flatMap { try ScanFile(path: folder.path($0)).pages.compactMap { $0 } }
        try #require(pages.count == scans.scans.count)
        try #require(TIFFCodec.writeG4(pages, dpi: 150, toPath: folder.path("copier.tif")))
        let grey = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans + ["--key", "class-key.pdf", "--csv", "grey.csv"], in: folder.url)
        let copied = try ShapeTurnsBinary.run(
            ["scan", "copier.tif", "--key", "class-key.pdf", "--csv", "copied.csv"], in: folder.url)
        // Two turns are flagged (double marks): the gradebook awaits review, status 1.
        #expect(grey.status == 1 && copied.status == 1, "\(grey.stderr)\(copied.stderr)")
        #expect(!grey.stderr.contains("note:"), "\(grey.stderr)")
        let notes = copied.stderr.split(separator: "\n").filter { $0.contains("note:") }
        // One note, naming every student and the copier's setting to use instead.
        let named = Self.roster.allSatisfy { name in notes.first?.contains(name) == true }
        #expect(
            notes.count == 1 && named
                && notes[0].hasPrefix(
                    "shapeturns: note: \(pages.count) pages are black-and-white (1-bit) scans, not grey: the pages of ")
                && notes[0].hasSuffix(
                    "set the copier to grey (or photo) mode at 200–300 dpi, not black-and-white (text) mode"),
            "\(copied.stderr)")
        let gradebooks = try ["grey.csv", "copied.csv"].map {
            try String(contentsOfFile: folder.path($0), encoding: .utf8)
        }
        #expect(gradebooks[0] == gradebooks[1])
    }

    /// How a copier stores the pages of a PDF.
    enum PDFImages: String, CaseIterable, Sendable {
        /// Grey JPEGs of quality 75 (`/DCTDecode`).
        case greyJPEG
        /// 1-bit CCITT G4 images (`/CCITTFaxDecode`), as a copier's black-and-white PDF holds them.
        case g4
    }

    /// The class as a copier's PDF, each page one image covering it, the pages in reverse order:
    /// read at the images' own resolution into the same gradebook as the PNG pages. The G4 pages
    /// are taken as the 1-bit pages they are (the note says so), the JPEG ones as grey.
    @Test(arguments: PDFImages.allCases)
    func aCopiersPDFIsReadFromItsPageImages(_ images: PDFImages) throws {
        let scans = try TickedClass(roster: Self.roster, ticks: Self.ticks)
        let folder = scans.folder
        let pages = try scans.scans.reversed().flatMap {
            try ScanFile(path: folder.path($0)).pages.compactMap { $0 }
        }
        try #require(pages.count == scans.scans.count)
        let pageImages: [CopierPDF.PageImage]
        switch images {
        case .greyJPEG:
            pageImages = try CopierPDF.jpeg(pages, quality: 75)
        case .g4:
            try #require(TIFFCodec.writeG4(pages, dpi: 150, toPath: folder.path("copier.tif")))
            pageImages = try CopierPDF.ccitt(
                fromG4TIFF: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("copier.tif")))))
        }
        try Data(CopierPDF.bytes(pageImages, dpi: 150)).write(to: URL(fileURLWithPath: folder.path("copier.pdf")))
        // Each page is its image as stored, not the page drawn again at another resolution.
        let stored = try ScanFile(path: folder.path("copier.pdf")).pages
        #expect(stored.map { $0?.width } == pages.map(\.width) && stored.map { $0?.height } == pages.map(\.height))
        if images == .g4 {
            let same = stored.map { $0?.pixels } == pages.map { $0.pixels.map { $0 < 128 ? 0 : 255 } }
            #expect(same, "the PDF's G4 pages are not the pages thresholded at mid-grey")
        }
        let grey = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans + ["--key", "class-key.pdf", "--csv", "grey.csv"], in: folder.url)
        let copied = try ShapeTurnsBinary.run(
            ["scan", "copier.pdf", "--key", "class-key.pdf", "--csv", "copied.csv", "--responses", "read.csv"],
            in: folder.url)
        // Two turns are flagged (double marks): the gradebook awaits review, status 1.
        #expect(grey.status == 1 && copied.status == 1, "\(grey.stderr)\(copied.stderr)")
        let notes = copied.stderr.split(separator: "\n").filter { $0.contains("note:") }
        #expect(
            notes.map { $0.contains("\(pages.count) pages are black-and-white (1-bit) scans, not grey") }
                == (images == .g4 ? [true] : []), "\(copied.stderr)")
        let gradebooks = try ["grey.csv", "copied.csv"].map {
            try String(contentsOfFile: folder.path($0), encoding: .utf8)
        }
        #expect(gradebooks[0] == gradebooks[1])
        // Every turn of every sheet was read.
        let responses = try String(contentsOfFile: folder.path("read.csv"), encoding: .utf8)
        #expect(responses.split(separator: "\n").count == 1 + Self.roster.count * TickedClass.turns)
    }

    /// The class's own PDF, unticked, scanned as it is: its pages are drawn, not images, so each is
    /// rendered (at 200 dpi), and every turn of every sheet reads as a blank, as on the pages
    /// rasterised at 150 dpi.
    @Test func aPDFOfDrawnPagesIsRendered() throws {
        let scans = try TickedClass(roster: Self.roster) { _, _, _ in [] }
        let folder = scans.folder
        let printed = try ShapeTurnsBinary.run(
            ["scan", "class.pdf", "--key", "class-key.pdf", "--csv", "printed.csv", "--responses", "read.csv"],
            in: folder.url)
        let rasterised = try ShapeTurnsBinary.run(
            ["scan"] + scans.scans + ["--key", "class-key.pdf", "--csv", "rasterised.csv"], in: folder.url)
        #expect(printed.status == 0 && rasterised.status == 0, "\(printed.stderr)\(rasterised.stderr)")
        #expect(!printed.stderr.contains("flagged"), "\(printed.stderr)")
        let rows = try String(contentsOfFile: folder.path("read.csv"), encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 1 + Self.roster.count * TickedClass.turns)
        #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(",,") }, "\(rows)")
        let gradebooks = try ["printed.csv", "rasterised.csv"].map {
            try String(contentsOfFile: folder.path($0), encoding: .utf8)
        }
        #expect(gradebooks[0] == gradebooks[1])
    }

    /// Every kind of page that is not the class's, in one pile with the class's own pages (one
    /// page left out): each is listed, the status is 65, and the gradebook is exactly that of
    /// the class's pages alone, byte for byte, run after run.
    @Test func strangersInThePileAreListedAndNothingIsAssignedToAnyone() throws {
        let scans = try TickedClass(roster: Self.roster, ticks: Self.ticks)
        try scans.writeStrangers()
        let folder = scans.folder
        let own = scans.scansButOne
        let strangers = TickedClass.strangers
        func scan(_ files: [String], _ name: String) throws -> ShapeTurnsBinary.Result {
            try ShapeTurnsBinary.run(
                ["scan"] + files + [
                    "--key", "class-key.pdf", "--csv", "gradebook-\(name).csv", "--responses", "read-\(name).csv",
                    "--review", "review-\(name)",
                ], in: folder.url)
        }
        let first = try scan(strangers.prefix(3) + own + strangers.suffix(2), "1")
        #expect(first.status == 65, "\(first.stderr)")
        let codes = scans.key.sheets.map { $0.code ?? "" }
        let other = try ScoringKey.load(folder.path("other-key.pdf")).sheets[0].code ?? "?"
        let expected = [
            "shapeturns: photo.png: not read: no ShapeTurns page found",
            "shapeturns: damaged.png: not read: the page code at the foot of the page could not be read",
            "shapeturns: again.png: not read: page 2 of sheet \(codes[0]) again (first read from scan-2.png)",
            "shapeturns: other.png: not read: sheet \(other) is not in the key",
            "shapeturns: blank page skipped: blank.png",
            "shapeturns: sheet \(codes[1]) (Ben Okafor): page 2 may be one of the 2 pages refused (photo.png: no "
                + "ShapeTurns page found (0 of 4 corner marks; at least 2 are needed); damaged.png: the page code at "
                + "the foot of the page could not be read); its turns count as blank here and are \"not read\" in "
                + "the responses",
            "shapeturns: scan-3.png: Ben Okafor, turn 5: flagged for review: both boxes marked",
            "shapeturns: scan-5.png: Diaz, Cara, turn 3: flagged for review: both boxes marked",
            "shapeturns: 2 turns await review (counted blank here): decide them on the review page",
        ]
        let lines = first.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count, "\(first.stderr)")
        for line in expected {
            #expect(lines.contains { $0.hasPrefix(line) }, "missing '\(line)' in:\n\(first.stderr)")
        }

        let second = try scan(strangers.prefix(3) + own + strangers.suffix(2), "2")
        #expect(second.status == 65)
        #expect(second.stderr == first.stderr)
        let alone = try scan(own, "alone")
        #expect(alone.status == 65, "the missing page: \(alone.stderr)")
        for kind in ["gradebook", "read"] {
            let texts = try ["1", "2", "alone"].map {
                try String(contentsOfFile: folder.path("\(kind)-\($0).csv"), encoding: .utf8)
            }
            #expect(texts[0] == texts[1], "\(kind): two runs of the same scans differ")
            // Only why Ben's page 2 was not read differs: the refused pages may be it.
            let whyNot = /not read: page 2 [^\n]*/
            #expect(
                texts[0].replacing(whyNot, with: "not read") == texts[2].replacing(whyNot, with: "not read"),
                "\(kind): the strangers changed what was read")
        }
        let readAlone = try String(contentsOfFile: folder.path("read-alone.csv"), encoding: .utf8)
        for turn in [9, 10] {
            #expect(
                readAlone.contains("\nBen Okafor,\(codes[1]),\(turn),,not read: page 2 not scanned\n"), "\(readAlone)")
        }
        // score --class refuses the turns not read, in one line, rather than count them wrong.
        let refused = try ShapeTurnsBinary.run(
            ["score", "--key", "class-key.pdf", "--class", "read-alone.csv"], in: folder.url)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(
            refused.stderr
                == "shapeturns: read-alone.csv line 20: 2 turns of 'Ben Okafor' were not read from the scans (flag 'not read'): type each one's choice from the paper (a, b, or empty for a blank) and clear its flag, or decide them on scan's review page; nothing is scored until then\n"
        )
        #expect(refused.stdout.isEmpty)
        // The review page too: the same page and pictures, byte for byte.
        let reviews = try ["1", "2"].map {
            try TemporaryFolder.files(in: folder.url.appendingPathComponent("review-\($0)")).filter {
                !$0.key.hasPrefix(".")
            }
        }
        #expect(reviews[0].keys.contains("images/turn-1.png") && reviews[0].keys.contains("images/page-4.png"))
        #expect(reviews[0] == reviews[1], "two runs of the same scans wrote different review pages")
        let rows = Self.rows(try String(contentsOfFile: folder.path("gradebook-1.csv"), encoding: .utf8))
        let correct = try #require(rows.first?.firstIndex(of: "correct"))
        let blank = try #require(rows.first?.firstIndex(of: "blank"))
        try #require(rows.count == 5, "\(rows)")
        #expect(rows[1...].map { Int($0[correct]) } == [10, 0, 9, 9])
        // Ben's page 2 (turns 9 and 10) was not scanned and turn 5 was flagged: three blanks.
        #expect(rows[1...].map { Int($0[blank]) } == [0, 3, 1, 1])
    }

    @Test func refusesMissingScansAndUnknownFormats() throws {
        let folder = try TemporaryFolder()
        let none = try ShapeTurnsBinary.run(["scan", "--seed", "7", "--turns", "8"], in: folder.url)
        #expect(none.status == 64)
        try "not an image".write(toFile: folder.path("notes.txt"), atomically: true, encoding: .utf8)
        try "Ana Lima\nBen Okafor\n".write(toFile: folder.path("roster.txt"), atomically: true, encoding: .utf8)
        let key = ["--seed", "7", "--turns", "8", "--roster", "roster.txt"]
        // A class's scans need the class's sheets: --seed alone would mean one sheet for everyone.
        let noRoster = try ShapeTurnsBinary.run(["scan", "notes.txt", "--seed", "7", "--turns", "8"], in: folder.url)
        #expect(noRoster.status == 64)
        #expect(noRoster.stderr.hasPrefix("shapeturns: --roster: a class's answers need the class's sheets"))
        let junk = try ShapeTurnsBinary.run(["scan", "notes.txt"] + key, in: folder.url)
        #expect(junk.status == 65, "\(junk.stderr)")
        #expect(junk.stderr.contains("not a PDF, TIFF, JPEG or PNG scan"), "\(junk.stderr)")
        let missing = try ShapeTurnsBinary.run(["scan", "nothing.pdf"] + key, in: folder.url)
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    /// Outputs that would overwrite each other are refused before anything is read or written,
    /// and so is a review folder that cannot be written.
    @Test func refusesOutputsThatNameTheSamePlaceBeforeReadingAPage() throws {
        let folder = try TemporaryFolder()
        try "not an image".write(toFile: folder.path("notes.txt"), atomically: true, encoding: .utf8)
        try "Ana Lima\nBen Okafor\n".write(toFile: folder.path("roster.txt"), atomically: true, encoding: .utf8)
        let scan = ["scan", "notes.txt", "--seed", "7", "--turns", "8", "--roster", "roster.txt"]

        let same = try ShapeTurnsBinary.run(scan + ["--csv", "both.csv", "--responses", "./both.csv"], in: folder.url)
        #expect(same.status == 64, "\(same.stderr)")
        #expect(same.stderr == "shapeturns: --csv and --responses: both name both.csv; give each output its own name\n")

        let inside = try ShapeTurnsBinary.run(scan + ["--review", "rv", "--csv", "rv/index.html"], in: folder.url)
        #expect(inside.status == 64, "\(inside.stderr)")
        #expect(inside.stderr.contains("rv/index.html is inside --review's folder rv"), "\(inside.stderr)")
        #expect(inside.stderr.split(separator: "\n").count == 1)

        // A file where the review folder should go: refused (73) before the scans are read (which
        // would be 65 here), with the gradebook not written.
        try "mine".write(toFile: folder.path("taken"), atomically: true, encoding: .utf8)
        let taken = try ShapeTurnsBinary.run(scan + ["--review", "taken", "--csv", "grades.csv"], in: folder.url)
        #expect(taken.status == 73, "\(taken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("grades.csv")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("rv")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("both.csv")))
        #expect(try String(contentsOfFile: folder.path("taken"), encoding: .utf8) == "mine")
    }

    /// A PDF of `pages` empty pages whose page tree is `tree` (`nil`: a flat one), with a
    /// cross-reference table, as a writer of PDFs makes it.
    static func emptyPDF(pages: Int, kids: String? = nil) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let kidList = kids ?? (0..<pages).map { "\($0 + 3) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kidList)] /Count \(pages) >>")
        objects += (0..<pages).map { _ in "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>" }
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        text += offsets.map { String(repeating: "0", count: 10 - String($0).count) + "\($0) 00000 n \n" }.joined()
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(text.utf8)
    }

    /// A file with no page, or more pages than scan reads, is refused with one line before any
    /// page is drawn, never read as a class of absent students; so is a file not one of whose
    /// pages decodes (a page tree that holds itself: its one page cannot be drawn), or a pile not
    /// one of whose pages is read (one empty page, drawn white: a blank).
    @Test(
        arguments: [
            ("none.pdf", 0, nil, "a PDF with no page in it; nothing to read", true),
            ("many.pdf", ScanFile.maximumPages + 1, nil, "a PDF of 501 pages; scan reads at most 500 a file", true),
            ("loop.pdf", 1, "2 0 R", "page 1: poppler cannot decode it; no page of the file could be read", true),
            ("blank.pdf", 1, nil, "no page is a readable page of this key's sheets (blank.pdf: ", true),
        ] as [(String, Int, String?, String, Bool)])
    func refusesAFileWithNoPageOrTooMany(
        name: String, pages: Int, kids: String?, message: String, refused: Bool
    ) throws {
        let folder = try TemporaryFolder()
        try Self.emptyPDF(pages: pages, kids: kids).write(to: folder.url.appendingPathComponent(name))
        try "Ana Lima\n".write(toFile: folder.path("roster.txt"), atomically: true, encoding: .utf8)
        let result = try ShapeTurnsBinary.run(
            ["scan", name, "--seed", "7", "--turns", "8", "--roster", "roster.txt", "--csv", "grades.csv"],
            in: folder.url)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: \(name): \(message)"), "\(result.stderr)")
        // A page not read may be Ana's: her sheet's line says so (issue 44's loop).
        #expect(result.stderr.split(separator: "\n").count == (refused ? 1 : 2), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("grades.csv")) == !refused)
    }
}
