import Testing

@testable import PixelDiff

/// The background pixelmatch 7 blends semi-transparent pixels onto, against values pixelmatch's
/// own expression gives in Node (`48 + 159 * ((k / 1.618033988749895 | 0) % 2)` and so on, with
/// `k = 4 × index`), including past 2²⁹ pixels, where JavaScript's `| 0` wraps negative.
@Suite("The checkerboard is pixelmatch's")
struct CheckerboardTests {
    @Test(arguments: [
        (0, 48, 48, 48), (1, 48, 48, 207), (2, 48, 48, 207), (3, 48, 207, 48), (4, 48, 207, 48),
        (5, 48, 48, 207), (1000, 48, 48, 207), (65535, 48, 207, 48), (12_345_678, 48, 48, 207),
        (67_108_863, 48, 207, 48), (536_870_917, 48, 207, 48), (1_073_741_824, 48, -111, 48),
    ])
    func backgroundEqualsPixelmatchs(index: Int, red: Int, green: Int, blue: Int) {
        let background = Checkerboard.background(atPixel: index)
        #expect(background.red == red && background.green == green && background.blue == blue)
    }

    /// The looked-up checkerboard the comparison uses equals the computed one at every pixel. A
    /// size gets its table from its second request on (sizes of their own, so that the other
    /// tests asking for tables cannot have asked first).
    @Test(arguments: [9_973, 104_729, 512 * 511, (1 << 22) - 1])
    func theTableEqualsTheComputedCheckerboard(pixels: Int) throws {
        #expect(CheckerboardTable.shared(pixelCount: pixels) == nil)
        let table = try #require(CheckerboardTable.shared(pixelCount: pixels))
        #expect(CheckerboardTable.shared(pixelCount: pixels) === table)
        var mismatches = 0
        for index in 0..<pixels {
            let (looked, computed) = (table.background(atPixel: index), Checkerboard.background(atPixel: index))
            if looked != computed { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func largerImagesComputeTheirCheckerboard() {
        #expect(CheckerboardTable.shared(pixelCount: CheckerboardTable.maximumPixels + 1) == nil)
    }
}
