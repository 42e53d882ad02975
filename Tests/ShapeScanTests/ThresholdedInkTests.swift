import Foundation
import ScanSynthesis
import ShapeGame
import ShapeRendering
import ShapeScan
import ShapeTurns
import Testing

/// What a copier's threshold leaves of a light mark: a speck of black in a box. On a thresholded
/// 1-bit page, whose paper is white to the last pixel, the turn is flagged (`ThresholdedInk`),
/// never read as the other box's choice; on a grey scan the same speck is under the grain's margin
/// and the box reads as empty. Where the paper round the box is speckled too (dust on the glass),
/// the speck is taken for that and the turn read as before.
struct ThresholdedInkTests {
    /// A ticked page with a speck half a point wide (a pixel at 150 dpi) in the box not ticked of
    /// turns 1 and 2, and, with `dustyPaper`, another in the paper left of each of those boxes.
    static func speckledPage(dpi: Double, dustyPaper: Bool) throws -> (
        page: GrayImage, synthetic: SyntheticClass, ticked: [Int: ShapeLabel]
    ) {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (page, truth) = try #require(try synthetic.markedPages(dpi: dpi, seed: 3, only: .tick).first)
        let layout = try #require(synthetic.generator.sheets.first).renderer.layout
        var pixels = page.pixels
        let side = max(1, Int(dpi / 150))
        func speck(atX x: Double, y: Double) {
            let (column, row) = (Int(x * dpi / 72), Int(y * dpi / 72))
            for y in row..<(row + side) {
                for x in column..<(column + side) { pixels[y * page.width + x] = 0 }
            }
        }
        for turn in [1, 2] {
            let cell = layout.cell(forTurn: turn)
            let ticked = try #require(truth.marks[turn]).label
            let box = WorksheetLayout.tickBox(inLabelRow: ticked == .a ? cell.labelRowB : cell.labelRowA)
            speck(atX: box.midX, y: box.midY)
            if dustyPaper { speck(atX: box.x - 5, y: box.midY) }
        }
        return (
            GrayImage(width: page.width, height: page.height, pixels: pixels), synthetic,
            truth.marks.mapValues(\.label)
        )
    }

    @Test(arguments: [150.0, 300], [false, true])
    func aSpeckBesideATickOnAThresholdedPageIsFlagged(dpi: Double, dustyPaper: Bool) throws {
        let (page, synthetic, ticked) = try Self.speckledPage(dpi: dpi, dustyPaper: dustyPaper)
        for thresholded in [true, false] {
            let outcome = try readScannedPages([page], of: synthetic, oneTIFF: thresholded)
            let scanned = try #require(outcome.pages.first)
            try #require(scanned.problem == nil && scanned.readings.count == 8)
            #expect(scanned.capture?.tone == (thresholded ? .thresholded : .grey))
            for reading in scanned.readings {
                let context = "\(dpi) dpi, \(thresholded ? "thresholded" : "grey"), turn \(reading.turn)"
                if thresholded && reading.turn <= 2 {
                    #expect(
                        reading.flag?.hasPrefix("black pixels in or beside box") == true && reading.choice == nil,
                        "\(context): \(reading)")
                } else {
                    #expect(reading.flag == nil && reading.choice == ticked[reading.turn], "\(context): \(reading)")
                }
            }
        }
    }
}
