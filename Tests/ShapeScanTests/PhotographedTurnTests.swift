import ShapeGame
import ShapeRendering
import ShapeScan
import Testing

/// Turns cut from the outside check's scans (`Fixtures/ScanBoxes/turns.json`): the grey pixels
/// as the scanner decoded them round both boxes and their letters, with the page-to-pixel map the
/// reader fitted there and the boxes where it found them. A firm cross beside a box that only a
/// photo's or a copier's grain makes unsure is that choice (`BoxInk.holdsOnlyATrace`); a circle a
/// blurred photo left with no ink, beside a tick, is more than a trace, and the turn is flagged.
struct PhotographedTurnTests {
    private struct Entry: Decodable {
        let file: String
        let boxA: [Double]
        let boxB: [Double]
        let pixelsPerPoint: Double
        let homography: [Double]
        let choice: String?
    }

    @Test(arguments: ["phone-cross-beside-grain.png", "copier-cross-beside-grain.png", "phone-circle-and-tick.png"])
    func photographedTurnReadsAsDrawn(file: String) throws {
        let entries: [Entry] = try PhotographedFixture.entries("turns.json")
        let entry = try #require(entries.first { $0.file == file })
        let (image, fix) = try PhotographedFixture.page(
            file, homography: entry.homography, pixelsPerPoint: entry.pixelsPerPoint)
        func box(_ rect: [Double]) -> Rect { Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]) }
        let reading = TurnReading(
            turn: 1, inkA: PageReader.ink(in: box(entry.boxA), of: image, fix: fix),
            inkB: PageReader.ink(in: box(entry.boxB), of: image, fix: fix))
        #expect(reading.choice == entry.choice.flatMap(ShapeLabel.init(rawValue:)), "\(reading)")
        #expect((reading.flag != nil) == (entry.choice == nil), "\(reading)")
    }
}
