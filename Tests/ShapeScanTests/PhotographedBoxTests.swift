import ShapeRendering
import ShapeScan
import Testing

/// Answer boxes cut from the outside check's phone photos (`Fixtures/ScanBoxes`): the grey
/// pixels as the scanner decoded the photo (JPEG or PNG), round the box and its letter, with the
/// page-to-pixel map the reader fitted there (`boxes.json`). The synthetic `BoxPhoto` does not
/// make a phone JPEG's ringing beside the outline, which turned empty boxes unsure; these do.
struct PhotographedBoxTests {
    private struct Entry: Decodable {
        let file: String
        let box: [Double]
        let pixelsPerPoint: Double
        let homography: [Double]
        let verdict: String
    }

    /// Two empty boxes (nothing drawn) that the band between the slack and the core read as
    /// faint ink, 3.6% and 4.3% of the core, until a band sample had to be darker than the paper
    /// too; a faint pencil tick that only that band sees (1% of the core in the core itself); and
    /// faint pencil on a grainy photo that read as a blank when that darkness was the whole faint
    /// level, not `BoxInk.bandPaperShare` of it (3.0% of the core against 3.6%).
    @Test(arguments: [
        "phone-empty-ringing-1.png", "phone-empty-ringing-2.png", "phone-faint-pencil-in-band.png",
        "phone-faint-pencil-noisy.png",
    ])
    func photographedBoxReadsAsDrawn(file: String) throws {
        let entries: [Entry] = try PhotographedFixture.entries("boxes.json")
        let entry = try #require(entries.first { $0.file == file })
        let (image, fix) = try PhotographedFixture.page(
            file, homography: entry.homography, pixelsPerPoint: entry.pixelsPerPoint)
        let box = Rect(x: entry.box[0], y: entry.box[1], width: entry.box[2], height: entry.box[3])
        let ink = PageReader.ink(in: box, of: image, fix: fix)
        #expect(ink.verdict.rawValue == entry.verdict, "\(ink)")
    }
}
