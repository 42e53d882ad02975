import Foundation
import ScanSynthesis
import ShapeGame
import ShapeRendering
import ShapeScan
import Testing

/// A page in the scans twice (a leaf fed twice, a page photographed again): the first copy is
/// used and the second listed as not read; where the second reads a turn differently, the turn
/// is flagged, never taken from either copy.
struct PageCopiesTests {
    /// The first copy left blank (as a copier's threshold drops light marks), the second ticked:
    /// every turn flagged, saying what each copy read.
    @Test func turnsTheCopiesReadDifferentlyAreFlagged() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (blank, _) = try #require(try synthetic.markedPages(dpi: 150, seed: 2, only: .blank).first)
        let (ticked, truth) = try #require(try synthetic.markedPages(dpi: 150, seed: 2, only: .tick).first)
        let outcome = try readScannedPages([blank, ticked], of: synthetic)
        try #require(outcome.pages.count == 2)
        let (first, copy) = (outcome.pages[0], outcome.pages[1])
        let code = try #require(first.code?.sheetCode)
        #expect(first.problem == nil)
        guard case .duplicate(_, 1, let source) = copy.problem, source.hasSuffix("page-1.png") else {
            Issue.record("the second copy: \(String(describing: copy.problem))")
            return
        }
        #expect(copy.readings.isEmpty && copy.crops.isEmpty)
        #expect(first.readings.count == 8)
        for reading in first.readings {
            let label = try #require(truth.marks[reading.turn]?.label).rawValue.uppercased()
            #expect(reading.choice == nil)
            #expect(
                reading.flag?.hasPrefix("another copy of this page reads it differently: blank here, \(label) on ")
                    == true, "turn \(reading.turn): \(String(describing: reading.flag))")
        }
        #expect(outcome.flagged.count == 8)
        let row = "\(code),1,,\"another copy of this page reads it differently: blank here,"
        #expect(outcome.responsesCSV.contains(row), "\(outcome.responsesCSV)")
    }

    /// For the review, each turn the copies read differently is pictured from both: the first copy
    /// (read again, from the same TIFF's pages in memory or decoded again from its own file, as its
    /// unflagged turns were not cropped when it was read) and the other, each named on the review
    /// page.
    @Test(arguments: [false, true])
    func bothCopiesArePicturedForTheReview(inOneTIFF: Bool) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (blank, _) = try #require(try synthetic.markedPages(dpi: 150, seed: 2, only: .blank).first)
        let (ticked, _) = try #require(try synthetic.markedPages(dpi: 150, seed: 2, only: .tick).first)
        let outcome = try readScannedPages([blank, ticked], of: synthetic, oneTIFF: inOneTIFF, keepsImages: true)
        try #require(outcome.pages.count == 2)
        let first = outcome.pages[0]
        let (source, copySource) = (first.source, outcome.pages[1].source)
        #expect(source.hasSuffix(inOneTIFF ? "pages.tif page 1" : "page-1.png"), "\(source)")
        #expect(copySource.hasSuffix(inOneTIFF ? "pages.tif page 2" : "page-2.png"), "\(copySource)")
        #expect(outcome.flagged.count == 8)
        for reading in first.readings {
            let own = try #require(first.crops[reading.turn], "turn \(reading.turn)")
            let other = try #require(first.otherCopies[reading.turn], "turn \(reading.turn)")
            #expect(other.source == copySource)
            let copied = try #require(other.crop, "turn \(reading.turn)")
            let samePicture = own == copied
            #expect(!samePicture, "turn \(reading.turn): the same picture twice")
            #expect(reading.flag?.hasSuffix(" on \(copySource)") == true, "\(String(describing: reading.flag))")
        }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReviewPage(outcome: outcome).publish(in: folder.path)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<figcaption>First copy: \(source)</figcaption>").count == 9)
        #expect(html.components(separatedBy: "<figcaption>Another copy: \(copySource)</figcaption>").count == 9)
        for name in ["turn-1.png", "turn-1-copy.png", "turn-8.png", "turn-8-copy.png"] {
            let url = folder.appendingPathComponent("images/\(name)")
            #expect(FileManager.default.fileExists(atPath: url.path), "\(name)")
            #expect(html.contains("src=\"images/\(name)\""), "\(name)")
        }
    }

    /// Two copies that read alike: nothing flagged, the second listed as not read.
    @Test func copiesThatReadAlikeFlagNothing() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (ticked, _) = try #require(try synthetic.markedPages(dpi: 150, seed: 2, only: .tick).first)
        let outcome = try readScannedPages([ticked, ticked], of: synthetic)
        try #require(outcome.pages.count == 2)
        #expect(outcome.flagged.isEmpty)
        #expect(outcome.pages[0].readings.allSatisfy { $0.choice != nil })
        guard case .duplicate = outcome.pages[1].problem else {
            Issue.record("the second copy: \(String(describing: outcome.pages[1].problem))")
            return
        }
    }
}
