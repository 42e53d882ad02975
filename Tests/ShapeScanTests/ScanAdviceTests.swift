import Foundation
import ScanSynthesis
import ShapeRendering
import ShapeScan
import Testing

/// The notes a teacher gets about how the pages were scanned (`ScanAdvice`): thresholded 1-bit
/// pages drop light marks, dithered ones under 250 dpi flag more; a grey scan gets none. Each page
/// read says how it was scanned (`ScannedPage.Capture`), measured from the page as decoded.
struct ScanAdviceTests {
    static let thresholdedNote =
        "3 pages are black-and-white (1-bit, not dithered) scans: a mark lighter than the copier's threshold "
        + "is not in them and is read as a blank, or as the other box's choice where both were marked; scan in "
        + "grey to keep light pencil"

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
        #expect(ScanAdvice.notes(for: outcome.pages) == [Self.thresholdedNote])
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
        let flagged = scanned.flagged.filter { $0.flag == TurnReading.tooFaint }.count
        try #require(flagged > 1)
        let note =
            "1 page is a dithered black-and-white scan at about 150 dpi, \(flagged) of its turns flagged as too faint to "
            + "call: pencil and thin pen are hard to tell from the dots there; scan in grey, or at 300 dpi, to flag "
            + "fewer"
        #expect(ScanAdvice.notes(for: outcome.pages) == [note])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("advice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReviewPage(outcome: outcome).publish(in: folder.path)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"advice\">Note: \(note).</p>"), "\(html.prefix(3000))")
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
        let tooFaint = page.flagged.filter { $0.flag == TurnReading.tooFaint }.count
        try #require((mark == .faint) == (tooFaint > 0) && (mark == .tick) == page.flagged.isEmpty, "\(page.readings)")
        page.capture = ScannedPage.Capture(tone: tone, dpi: dpi)
        let notes = ScanAdvice.notes(for: [page])
        #expect(notes.count == (noted ? 1 : 0), "\(notes)")
        if noted {
            #expect(
                notes.first?.hasPrefix(
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
        let tooFaint = 2 * low.flagged.filter { $0.flag == TurnReading.tooFaint }.count
        let notes = ScanAdvice.notes(for: [low, high])
        #expect(
            notes.count == 1
                && notes[0].hasPrefix(
                    "2 pages are dithered black-and-white scans at about 150–200 dpi, \(tooFaint) of their turns "),
            "\(notes)")
    }
}
