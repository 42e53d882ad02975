import ScanSynthesis
import ShapeGame
import ShapeScan
import Testing

/// A 1-bit copy that reaches the reader in grey (a JPEG, or scaled) is read as the 1-bit page it
/// is: a speck the copier's threshold left in a box is flagged, as on a 1-bit TIFF, not read as
/// dust on grey paper, and the page counts as 1-bit for the note. Grey scans stay grey; one taken
/// for 1-bit keeps its marks.
struct GreyedBilevelTests {
    /// The ways a 1-bit page is turned grey on its way to the reader.
    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case jpeg50, jpeg85, scaledDown, scaledUp

        var testDescription: String { rawValue }

        func apply(to page: GrayImage) throws -> GrayImage {
            switch self {
            case .jpeg50, .jpeg85:
                let bytes = try #require(JPEGCodec.encode(page, quality: self == .jpeg50 ? 50 : 85))
                return try JPEGCodec.decode(bytes).get()
            case .scaledDown: return Self.scaled(page, by: 0.9)
            case .scaledUp: return Self.scaled(page, by: 1.3)
            }
        }

        /// `page` resampled bilinearly to `factor` of its size.
        static func scaled(_ page: GrayImage, by factor: Double) -> GrayImage {
            let width = Int(Double(page.width) * factor)
            let height = Int(Double(page.height) * factor)
            var pixels = [UInt8](repeating: 255, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let value = page.sample(x: (Double(x) + 0.5) / factor, y: (Double(y) + 0.5) / factor)
                    pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
                }
            }
            return GrayImage(width: width, height: height, pixels: pixels)
        }
    }

    /// A copier's 1-bit copy of `page`: skewed on the glass, then black where darker than mid-grey.
    static func thresholdedCopy(of page: GrayImage, seed: UInt64) -> GrayImage {
        var random = SplitMix(state: seed)
        let copy = ScanProfile.copierTIFF.degrade(page, random: &random)
        return GrayImage(width: copy.width, height: copy.height, pixels: copy.pixels.map { $0 < 128 ? 0 : 255 })
    }

    @Test(arguments: Form.allCases)
    func aSpeckOnAOneBitCopyInGreyIsFlagged(form: Form) throws {
        let (page, synthetic, ticked) = try ThresholdedInkTests.speckledPage(dpi: 300, dustyPaper: false)
        let greyed = try form.apply(to: Self.thresholdedCopy(of: page, seed: 11))
        #expect(!greyed.pixels.allSatisfy { $0 == 0 || $0 == 255 }, "the page is not 1-bit any more")
        #expect(GreyedBilevel.restored(greyed) != nil)
        let scanned = try readScannedPage(greyed, of: synthetic)
        try #require(scanned.problem == nil && scanned.readings.count == 8, "\(String(describing: scanned.problem))")
        #expect(scanned.capture?.tone == .thresholded)
        for reading in scanned.readings {
            if reading.turn <= 2 {
                // Flagged as a speck (seen in the grey the boxes are read in) or as black pixels
                // (`ThresholdedInk`, on the page made 1-bit), never read as dust beside the tick.
                #expect(reading.flag != nil && reading.choice == nil, "turn \(reading.turn): \(reading)")
            } else {
                #expect(
                    reading.flag == nil && reading.choice == ticked[reading.turn], "turn \(reading.turn): \(reading)")
            }
        }
    }

    /// A grey scan with hardly any grey: the worksheet printed with black shapes (or, `halftoned`,
    /// with shapes of single dots, as a halftone master scanned crisp), the paper suppressed to
    /// white, every tick in orange felt (grey 150 and lighter, which a 1-bit copy drops). It is
    /// taken for a 1-bit page (a dithered one when halftoned), and its boxes are still read in the
    /// grey it came in: no tick is lost.
    @Test(arguments: [false, true])
    func aGreyScanTakenForOneBitKeepsItsMarks(halftoned: Bool) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (ticked, truth) = try #require(try synthetic.markedPages(dpi: 200, seed: 6, only: .tick).first)
        let (clean, _) = try #require(try synthetic.markedPages(dpi: 200, seed: 6, only: .blank).first)
        let printed = halftoned ? FloydSteinberg.dithered(clean) : clean
        let pixels = zip(ticked.pixels, zip(clean.pixels, printed.pixels)).map { mark, paper -> UInt8 in
            mark == paper.0 ? (paper.1 < 160 ? 0 : paper.1) : UInt8(150 + Int(mark) * 105 / 255)
        }
        let scan = GrayImage(width: ticked.width, height: ticked.height, pixels: pixels)
        try Self.expectEveryTickReadOrFlagged(
            scan, of: synthetic, truth: truth, tone: halftoned ? .dithered : .thresholded)
    }

    /// A dithered copy saved as a JPEG is found, and read as the dithered page it is: every tick
    /// read or flagged, none read as the other box or a blank.
    @Test(arguments: [Form.jpeg50, .jpeg85])
    func aDitheredCopyInGreyIsReadAsDithered(form: Form) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (page, truth) = try #require(try synthetic.markedPages(dpi: 200, seed: 6, only: .tick).first)
        let greyed = try form.apply(to: BilevelScanTests.ditheredCopy(of: page, seed: 13))
        try Self.expectEveryTickReadOrFlagged(greyed, of: synthetic, truth: truth, tone: .dithered)
    }

    /// `scan`, a ticked page in grey, is taken for a 1-bit page of `tone`, and each of its ticks is
    /// read as its choice or flagged, never read as the other box or a blank.
    static func expectEveryTickReadOrFlagged(
        _ scan: GrayImage, of synthetic: SyntheticClass, truth: SyntheticClass.Truth,
        tone: ScannedPage.Capture.Tone
    ) throws {
        #expect(GreyedBilevel.restored(scan) != nil)
        let scanned = try readScannedPage(scan, of: synthetic)
        try #require(scanned.problem == nil && scanned.readings.count == 8, "\(String(describing: scanned.problem))")
        #expect(scanned.capture?.tone == tone)
        for reading in scanned.readings {
            let label = try #require(truth.marks[reading.turn]).label
            #expect(
                reading.choice == label || (reading.flag != nil && reading.choice == nil),
                "turn \(reading.turn): \(reading)")
        }
    }

    /// A grey copier scan and a phone photo hold grey of their own (the worksheet's shapes, the
    /// paper's light).
    @Test(arguments: [ScanProfile.copierJPEG, .phone])
    func greyScansAreNotTakenForOneBit(profile: ScanProfile) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (page, _) = try #require(try synthetic.markedPages(dpi: 200, seed: 4, only: .tick).first)
        var random = SplitMix(state: 3)
        let bytes = try #require(JPEGCodec.encode(profile.degrade(page, random: &random), quality: 75))
        #expect(GreyedBilevel.restored(try JPEGCodec.decode(bytes).get()) == nil)
    }
}
