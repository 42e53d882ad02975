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
    /// every turn flagged, saying what each copy read, and pictured from the copy.
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
