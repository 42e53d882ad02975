import Foundation
import ScanSynthesis
import ShapeGame
import ShapeScan
import Testing

/// 1-bit pages as a copier writes them (G4 TIFF, thresholded or Floyd–Steinberg dithered from a
/// grey copy) are read like grey ones: a dithered blank back is skipped, not refused; a dithered
/// ticked page is read with its turns right; a page with anything on it is never skipped as blank.
struct BilevelScanTests {
    /// A grey copy of `page` (paper 0.86–0.95 of white, the copier's skew and grain), dithered.
    static func ditheredCopy(of page: GrayImage, seed: UInt64) -> GrayImage {
        var random = SplitMix(state: seed)
        return FloydSteinberg.dithered(ScanProfile.copierDithered.degrade(page, random: &random))
    }

    static func blankPage(dpi: Double) -> GrayImage {
        let width = Int(8.27 * dpi)
        let height = Int(11.69 * dpi)
        return GrayImage(width: width, height: height, pixels: Array(repeating: 255, count: width * height))
    }

    /// The back of a double-sided leaf, copied dithered, in one G4 TIFF with the class's page: it
    /// is skipped as blank, so the pile reads with nothing refused (the command's status stays 0).
    @Test(arguments: [150.0, 200, 300])
    func aDitheredBlankBackIsSkipped(dpi: Double) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (page, _) = try #require(try synthetic.markedPages(dpi: dpi, seed: 2, only: .tick).first)
        let back = Self.ditheredCopy(of: Self.blankPage(dpi: dpi), seed: UInt64(dpi))
        // The dots are there: the old test (one pixel in 500 darker than mid-grey) did not see paper.
        #expect(back.pixels.filter { $0 < 128 }.count * 500 > back.pixels.count)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bilevel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiff = folder.appendingPathComponent("pile.tif").path
        #expect(TIFFCodec.writeG4([Self.ditheredCopy(of: page, seed: 5), back], dpi: dpi, toPath: tiff))
        let outcome = try ScanGrader(key: synthetic.key).read([tiff])
        #expect(outcome.pages.map(\.problem) == [nil, .blank], "\(outcome.pages.map(\.problem))")
        #expect(outcome.unreadable.isEmpty && outcome.missingPages.isEmpty)
    }

    /// A ticked (or crossed, or left blank) class copied dithered: every page read, every turn
    /// right, at most 1% of clear turns flagged over the three resolutions.
    @Test(arguments: [PenMark.tick, .cross, .blank])
    func aDitheredPageIsReadRight(mark: PenMark) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        var read = 0
        var flagged = 0
        for dpi in [150.0, 200, 300] {
            let (page, truth) = try #require(try synthetic.markedPages(dpi: dpi, seed: 6, only: mark).first)
            let scanned = try readScannedPage(Self.ditheredCopy(of: page, seed: 7 + UInt64(dpi)), of: synthetic)
            #expect(
                scanned.problem == nil && scanned.readings.count == 8,
                "\(dpi) dpi: \(String(describing: scanned.problem))")
            for reading in scanned.readings {
                let label = try #require(truth.marks[reading.turn]).label
                if reading.flag != nil {
                    flagged += 1
                } else {
                    #expect(
                        reading.choice == (mark.isChoice ? label : nil), "\(dpi) dpi, turn \(reading.turn): \(reading)")
                    read += 1
                }
            }
        }
        #expect(flagged == 0 && read == 24, "\(flagged) of 24 turns flagged")
    }

    /// A cross in a thin red pen, which the dithered copy draws as a line of scattered dots: read
    /// as the choice. When the boxes were read through the tags' filter (three 5-pixel boxes, σ 2.45
    /// pixels) the crosses spread over the whole box at 200 dpi, some read as grey and were
    /// flagged; through `BilevelScan.Filtered.boxes` the strokes stay strokes. At 150 dpi even
    /// that filter leaves them too light to be ink, and the box's dots are what read them
    /// (`DitheredInk.inkExcess`).
    @Test(arguments: [150.0, 200, 300])
    func aThinRedPensCrossOnADitheredCopyIsRead(dpi: Double) throws {
        for (reading, label) in try Self.readDitheredPage(of: .thinRedCross, dpi: dpi, seed: 4, copySeed: 9) {
            #expect(reading.choice == label, "turn \(reading.turn): \(reading)")
        }
    }

    /// An eraser's grey on a dithered copy is as many dots as a thin pen's cross, spread evenly
    /// instead of in strokes: never read as a choice (flagged, or a blank where no dot of it is
    /// left). Without `DitheredInk.strokeContrast` most of them are read as marks.
    @Test(arguments: [150.0, 200])
    func anErasersGreyOnADitheredCopyIsNeverAChoice(dpi: Double) throws {
        for (reading, _) in try Self.readDitheredPage(of: .smudge, dpi: dpi, seed: 5, copySeed: 11) {
            #expect(reading.choice == nil, "turn \(reading.turn): \(reading)")
        }
    }

    /// The first page of a one-sheet class of 8 turns with `mark` in every turn, copied dithered at
    /// `dpi` (the copy's seed `copySeed` + `dpi`) and read: each turn's reading, with the label of
    /// the box the mark was drawn in.
    static func readDitheredPage(of mark: PenMark, dpi: Double, seed: UInt64, copySeed: UInt64) throws
        -> [(reading: TurnReading, label: ShapeLabel?)]
    {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (page, truth) = try #require(try synthetic.markedPages(dpi: dpi, seed: seed, only: mark).first)
        let scanned = try readScannedPage(Self.ditheredCopy(of: page, seed: copySeed + UInt64(dpi)), of: synthetic)
        #expect(scanned.problem == nil && scanned.readings.count == 8, "\(String(describing: scanned.problem))")
        return scanned.readings.map { ($0, truth.marks[$0.turn]?.label) }
    }

    /// Small classes under both 1-bit profiles (thresholded at mid-grey, and dithered from a grey
    /// copy), with a blank page, another class's sheet and a picture mixed in: nothing given to a
    /// wrong student, nothing misread, at most 1% of clear turns flagged.
    @Test(arguments: [ScanProfile.copierTIFF, .copierDithered], [150.0, 300])
    func oneBitCopiesAreReadLikeGreyOnes(profile: ScanProfile, dpi: Double) throws {
        let result = try SyntheticRun(profile: profile, students: 2, turns: 8, dpi: dpi, seed: 12).run()
        let tally = result.tally
        #expect(tally.pagesRead == tally.pages, "\(tally)")
        #expect(tally.pagesToWrongSheet == 0 && tally.intrudersAssigned == 0, "\(tally)")
        #expect(tally.wrongUnflagged == 0 && tally.mustFlagMissed == 0, "\(tally)")
        #expect(Double(tally.clearFlagged) <= 0.01 * Double(tally.clearTurns), "\(tally)")
        #expect(result.sameBytes)
    }

    /// A dithered picture of something else and a dithered page of another class are refused,
    /// never skipped as blank: only a page with nothing darker than mid-grey once filtered, and
    /// no corner tag, is blank.
    @Test(arguments: [150.0, 300])
    func aDitheredPageWithContentIsNeverSkippedAsBlank(dpi: Double) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        var random = SplitMix(state: 3)
        let blank = Self.blankPage(dpi: dpi)
        let picture = try SyntheticRun.somethingElse(width: blank.width, height: blank.height, random: &random)
        let refused = try readScannedPage(Self.ditheredCopy(of: picture, seed: 4), of: synthetic)
        #expect(refused.problem == .noMarks(found: 0), "\(String(describing: refused.problem))")
        let other = try SyntheticClass(students: 1, turns: 8, seed: 99)
        let (foreign, _) = try #require(try other.markedPages(dpi: dpi, seed: 1, only: .blank).first)
        let (own, _) = try #require(try synthetic.markedPages(dpi: dpi, seed: 1, only: .blank).first)
        // Beside a page of this class, so the pile is not another week's key (`ScanLoopTests`).
        let pile = try readScannedPages([own, Self.ditheredCopy(of: foreign, seed: 8)], of: synthetic).pages
        try #require(pile.count == 2)
        let page = pile[1]
        guard case .notInKey = page.problem else {
            Issue.record("another class's page: \(String(describing: page.problem))")
            return
        }
    }
}
