import Foundation
import ShapeGame
import ShapeRendering
import ShapeScan
import ShapeTurns
import Testing

/// Synthetic classes printed, ticked and scanned under each profile, read back and checked
/// against the marks drawn.
struct ScanReadingTests {
    /// A clean page at each resolution: every tag found, the code read, every clear mark right.
    @Test(arguments: [150.0, 200, 300])
    func cleanPagesAreReadExactly(dpi: Double) throws {
        let synthetic = try SyntheticClass(students: 2, turns: 8)
        let reader = try #require(PageReader())
        var tally = ScanTally()
        for (image, truth) in try synthetic.markedPages(dpi: dpi, seed: 11) {
            let page = try read(image, reader: reader, synthetic: synthetic)
            tally.add(page, truth: truth)
        }
        #expect(tally.pagesRead == tally.pages && tally.pages == 2, "\(tally)")
        #expect(tally.wrongUnflagged == 0, "\(tally)")
        #expect(tally.clearFlagged == 0, "\(tally)")
    }

    @Test(arguments: [ScanProfile.copierTIFF, .copierJPEG, .phone])
    func degradedScansAreNeverGivenToTheWrongStudentOrMisread(profile: ScanProfile) throws {
        let sheets = Int(ProcessInfo.processInfo.environment["SHAPETURNS_SCAN_SHEETS"] ?? "") ?? 12
        // A phone's photo of a page is 2,000 to 4,000 pixels tall: the page is drawn at 300 dpi
        // and shrunk into the photo; a copier scans at 150 dpi here, its lowest usual setting.
        let tally = try run(profile, sheets: sheets, dpi: profile == .phone ? 300 : 150, seed: 5)
        print("scan \(profile.rawValue): \(tally)")
        #expect(tally.pagesToWrongSheet == 0, "\(tally)")
        #expect(tally.pagesRead == tally.pages, "\(tally)")
        #expect(tally.wrongUnflagged == 0, "\(tally)")
        #expect(tally.mustFlagMissed == 0, "\(tally)")
        let flaggedLimit = profile == .phone ? 0.03 : 0.01
        #expect(Double(tally.clearFlagged) <= flaggedLimit * Double(tally.clearTurns), "\(tally)")
    }

    /// Out-of-spec pages (a corner cut off, blur σ 4, JPEG 20) may be refused or flagged, never misread.
    @Test func outOfSpecPagesAreRefusedOrFlaggedNeverGuessed() throws {
        let tally = try run(.outOfSpec, sheets: 6, dpi: 300, seed: 9)
        print("scan outOfSpec: \(tally)")
        #expect(tally.pagesToWrongSheet == 0, "\(tally)")
        #expect(tally.wrongUnflagged == 0, "\(tally)")
    }

    /// Pages that are not a ShapeTurns sheet of this class are listed, not read.
    @Test func foreignPagesAreNotRead() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let other = try SyntheticClass(students: 1, turns: 8, seed: 99)
        let reader = try #require(PageReader())
        let blank = GrayImage(width: 1240, height: 1754, pixels: Array(repeating: 250, count: 1240 * 1754))
        #expect(try read(blank, reader: reader, synthetic: synthetic).problem == .blank)
        var photo = blank
        for index in photo.pixels.indices {
            photo.pixels[index] = UInt8(truncatingIfNeeded: index % 1240 + index / 9000)
        }
        #expect(try read(photo, reader: reader, synthetic: synthetic).problem == .noMarks(found: 0))
        let (foreign, _) = try #require(try other.markedPages(dpi: 150, seed: 1).first)
        let page = try read(foreign, reader: reader, synthetic: synthetic)
        guard case .notInKey = page.problem else {
            Issue.record("a sheet of another class was read: \(String(describing: page.problem))")
            return
        }
    }

    // MARK: Helpers

    private func read(_ image: GrayImage, reader: PageReader, synthetic: SyntheticClass) throws -> ScannedPage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("page.png")
        try Data(image.pngBytes()).write(to: url)
        return try #require(try ScanGrader(key: synthetic.key).read([url.path]).pages.first)
    }

    private func run(_ profile: ScanProfile, sheets: Int, dpi: Double, seed: UInt64) throws -> ScanTally {
        let synthetic = try SyntheticClass(students: sheets, turns: 8, seed: seed)
        var random = SplitMix(state: seed &* 31)
        var pages = try synthetic.markedPages(dpi: dpi, seed: seed)
        for index in pages.indices.reversed() where index > 0 {
            pages.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        let degraded = pages.map { profile.degrade($0.image, random: &random) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try profile.encode(degraded, dpi: dpi, to: folder, name: "scan")
        if let keep = ProcessInfo.processInfo.environment["SHAPETURNS_SCAN_KEEP"] {
            for (index, page) in degraded.enumerated() {
                try? Data(page.pngBytes()).write(
                    to: URL(fileURLWithPath: keep).appendingPathComponent("\(profile.rawValue)-page-\(index + 1).png"))
            }
            for file in files {
                try? FileManager.default.copyItem(
                    at: file,
                    to: URL(fileURLWithPath: keep).appendingPathComponent(
                        "\(profile.rawValue)-\(file.lastPathComponent)"))
            }
        }
        let outcome = try ScanGrader(key: synthetic.key).read(files.map(\.path))
        #expect(outcome.pages.count == pages.count)
        var tally = ScanTally()
        for (page, truth) in zip(outcome.pages, pages.map(\.truth)) {
            tally.add(page, truth: truth)
        }
        // The same scans give the same bytes.
        #expect(try ScanGrader(key: synthetic.key).read(files.map(\.path)).responsesCSV == outcome.responsesCSV)
        return tally
    }
}
