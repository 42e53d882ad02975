import Foundation
import ScanSynthesis
import ShapeRendering
import ShapeScan
import ShapeTurnsClassroom
import Testing

/// The notes a teacher gets about how the pages were scanned (`ScanAdvice`): thresholded 1-bit
/// pages drop light marks, dithered ones under 250 dpi flag more; a grey scan gets none. Each page
/// read says how it was scanned (`ScannedPage.Capture`), measured from the page as decoded.
struct ScanAdviceTests {
    /// The note on 1-bit pages names whose they were, what may be gone and the copier's setting.
    static func bilevelNote(pages: Int, students: [String], flagged: Int) -> String {
        "\(pages) pages are black-and-white (1-bit) scans, not grey: the pages of \(students.joined(separator: ", ")). "
            + "A 1-bit copy keeps only what is darker than the copier's threshold: light pencil and coloured ink "
            + "(orange, pink, yellow felt) may have been dropped from them, so a turn read as a blank there may have "
            + "been marked; every turn with a trace of ink near its boxes is flagged (\(flagged) flagged there). To keep "
            + "every mark, set the copier to grey (or photo) mode at 200–300 dpi, not black-and-white (text) mode"
    }

    /// Names in the review page's note keep their order whatever their script: each is isolated,
    /// so Hebrew beside Arabic is not shown as one right-to-left run.
    @Test func namesInTheNoteAreIsolated() {
        let names = ["נועה כהן", "محمد علي", "王小明", "Ana Lima"]
        #expect(
            ScanAdvice.list(names)
                == "\u{2068}נועה כהן\u{2069}, \u{2068}محمد علي\u{2069}, \u{2068}王小明\u{2069}, \u{2068}Ana Lima\u{2069}")
        #expect(ScanAdvice.list([]) == "")
    }

    /// Ticked pages as grey PNGs: read as grey at their resolution, and no note.
    @Test func greyScansGetNoNote() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 20)
        let pages = try synthetic.markedPages(dpi: 200, seed: 3).map(\.image)
        let outcome = try readScannedPages(pages, of: synthetic)
        try #require(outcome.pages.count == 3 && outcome.pages.allSatisfy { $0.problem == nil })
        for page in outcome.pages {
            let capture = try #require(page.capture)
            #expect(capture.tone == .grey && abs(capture.dpi - 200) < 5, "\(capture)")
        }
        #expect(ScanAdvice.notes(for: outcome.pages).isEmpty)
    }

    /// The same pages in a thresholded G4 TIFF: named as pages that drop light marks, flagged
    /// turns or not.
    @Test func thresholdedPagesAreNamed() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 20)
        let pages = try synthetic.markedPages(dpi: 150, seed: 3, only: .tick).map(\.image)
        let outcome = try readScannedPages(pages, of: synthetic, oneTIFF: true)
        try #require(outcome.pages.count == 3 && outcome.pages.allSatisfy { $0.problem == nil })
        #expect(outcome.pages.allSatisfy { $0.capture?.tone == .thresholded })
        #expect(outcome.flagged.isEmpty)
        let students = synthetic.key.sheets.compactMap(\.student)
        try #require(students.count == 1)
        #expect(ScanAdvice.notes(for: outcome.pages) == [Self.bilevelNote(pages: 3, students: students, flagged: 0)])
        // The review page isolates each name (`ScanAdvice.list`); stderr and the JSON do not.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReviewPage(outcome: outcome).publish(in: folder.path)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("not grey: the pages of \u{2068}\(students[0])\u{2069}. "), "\(html.prefix(3000))")
    }

    /// Light pencil on a dithered copy at 150 dpi: the page is found dithered, its turns are
    /// flagged, and the note names the resolution and how many; the review page shows it.
    @Test func aDitheredPageWithTurnsFlaggedIsNamed() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (page, _) = try #require(try synthetic.markedPages(dpi: 150, seed: 4, only: .faint).first)
        let outcome = try readScannedPages([BilevelScanTests.ditheredCopy(of: page, seed: 11)], of: synthetic)
        let scanned = try #require(outcome.pages.first)
        try #require(scanned.problem == nil)
        let capture = try #require(scanned.capture)
        #expect(capture.tone == .dithered && abs(capture.dpi - 150) < 5, "\(capture)")
        let flagged = scanned.flagged.filter(\.isUnsure).count
        try #require(flagged > 1)
        let bilevel =
            "1 page is a black-and-white (1-bit) scan, not grey: the pages of \(scanned.student ?? "")."
        let note =
            "1 page is a dithered black-and-white scan at about 150 dpi, \(flagged) of its turns flagged as too faint to "
            + "call: pencil and thin pen are hard to tell from the dots there; scan in grey, or at 300 dpi, to flag "
            + "fewer"
        let notes = ScanAdvice.notes(for: outcome.pages)
        #expect(notes.count == 2 && notes.first?.hasPrefix(bilevel) == true && notes.last == note, "\(notes)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReviewPage(outcome: outcome).publish(in: folder.path)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"advice\">Note: \(note).</p>"), "\(html.prefix(3000))")
        // Each flagged turn's student is isolated, so a right-to-left name keeps ", turn N" after it.
        #expect(html.contains("<h3><bdi class=\"student\">\(scanned.student ?? "")</bdi>, turn "))
    }

    /// Grey 200-dpi pages as read, one a sheet: light pencil (its turns flagged as too faint to
    /// call), ticks (none flagged) and both boxes ticked (flagged as both marked, as on any scan).
    /// Each test gives them the capture it needs.
    static let readPages = Result { () throws -> [PenMark: ScannedPage] in
        let synthetic = try SyntheticClass(students: 3, turns: 8)
        let marks: [PenMark] = [.faint, .tick, .double]
        let images = try marks.enumerated().map { index, mark in
            try synthetic.markedPages(dpi: 200, seed: 5, only: mark)[index].image
        }
        let outcome = try readScannedPages(images, of: synthetic)
        try #require(outcome.pages.count == marks.count && outcome.pages.allSatisfy { $0.problem == nil })
        return Dictionary(uniqueKeysWithValues: zip(marks, outcome.pages))
    }

    /// The rule on pages as read: a note for dithered pages only under 250 dpi and only with a turn
    /// flagged as too faint to call; grey pages never.
    @Test(arguments: [
        (ScannedPage.Capture.Tone.dithered, 200.0, PenMark.faint, true),
        (.dithered, 240, .faint, true),
        (.dithered, 250, .faint, false),
        (.dithered, 300, .faint, false),
        (.dithered, 150, .tick, false),
        (.dithered, 150, .double, false),
        (.grey, 150, .faint, false),
    ])
    func ditheredPagesAreNamedUnder250DPIWithTurnsTooFaint(
        tone: ScannedPage.Capture.Tone, dpi: Double, mark: PenMark, noted: Bool
    ) throws {
        var page = try #require(try Self.readPages.get()[mark])
        let tooFaint = page.flagged.filter(\.isUnsure).count
        try #require((mark == .faint) == (tooFaint > 0) && (mark == .tick) == page.flagged.isEmpty, "\(page.readings)")
        page.capture = ScannedPage.Capture(tone: tone, dpi: dpi)
        let notes = ScanAdvice.notes(for: [page])
        // Any 1-bit page gets the note that names whose it is; the one on flags comes after it.
        #expect(notes.count == (tone == .grey ? 0 : 1) + (noted ? 1 : 0), "\(notes)")
        if noted {
            #expect(
                notes.last?.hasPrefix(
                    "1 page is a dithered black-and-white scan at about \(Int(dpi)) dpi, \(tooFaint) of its turns flagged"
                )
                    == true, "\(notes)")
        }
    }

    /// Several pages: counted together, their resolutions as a range, the turns "their".
    @Test func severalDitheredPagesAreCountedTogether() throws {
        var low = try #require(try Self.readPages.get()[.faint])
        var high = low
        low.capture = ScannedPage.Capture(tone: .dithered, dpi: 151)
        high.capture = ScannedPage.Capture(tone: .dithered, dpi: 198)
        let tooFaint = 2 * low.flagged.filter(\.isUnsure).count
        let notes = ScanAdvice.notes(for: [low, high])
        #expect(
            notes.count == 2
                && notes[1].hasPrefix(
                    "2 pages are dithered black-and-white scans at about 150–200 dpi, \(tooFaint) of their turns "),
            "\(notes)")
    }
}
