import PixelDiff
import Testing

@Suite("Masks: regions left out of a comparison")
struct MaskRegionTests {
    static let white = RGBAImage.pack(red: 255, green: 255, blue: 255, alpha: 255)
    static let black = RGBAImage.pack(red: 0, green: 0, blue: 0, alpha: 255)
    static let magenta = RGBAImage.pack(red: 255, green: 0, blue: 255, alpha: 255)
    static let red = RGBAImage.pack(red: 255, green: 0, blue: 0, alpha: 255)

    /// 20x10 white, and the same with black pixels at `changed` (x, y); blocks of black are
    /// never anti-aliasing, so every changed pixel counts.
    static func pair(changed: Set<[Int]>) throws -> (RGBAImage, RGBAImage) {
        let plain = try RGBAImage(width: 20, height: 10, pixels: [UInt32](repeating: white, count: 200))
        var pixels = plain.pixels
        for point in changed {
            pixels[point[1] * 20 + point[0]] = black
        }
        return (plain, try RGBAImage(width: 20, height: 10, pixels: pixels))
    }

    /// A 4x3 block at (2, 2) and a 3x3 block at (14, 5): 21 pixels.
    static let blocks: Set<[Int]> = {
        var points = Set<[Int]>()
        for y in 2..<5 { for x in 2..<6 { points.insert([x, y]) } }
        for y in 5..<8 { for x in 14..<17 { points.insert([x, y]) } }
        return points
    }()

    static func compare(_ masks: [MaskRegion], diff: Bool = true) throws -> ComparisonResult {
        let (expected, actual) = try pair(changed: blocks)
        var options = PixelmatchOptions(threshold: 0)
        options.masks = masks
        return try ImageComparison(options: options).compare(expected, actual, drawingDiff: diff)
    }

    @Test func withoutMasksEveryChangedPixelCounts() throws {
        #expect(try Self.compare([]).differentPixels == 21)
    }

    @Test func maskedPixelsNeverCount() throws {
        #expect(try Self.compare([MaskRegion(x: 2, y: 2, width: 4, height: 3)]).differentPixels == 9)
        #expect(try Self.compare([MaskRegion(x: 0, y: 0, width: 20, height: 10)]).differentPixels == 0)
        // Half of the first block (columns 2-3) and the whole second one.
        let both = [MaskRegion(x: 0, y: 0, width: 4, height: 10), MaskRegion(x: 14, y: 5, width: 3, height: 3)]
        #expect(try Self.compare(both).differentPixels == 6)
        // Overlapping masks count a pixel out once, not twice.
        let overlapping = [MaskRegion(x: 2, y: 2, width: 3, height: 3), MaskRegion(x: 3, y: 2, width: 3, height: 3)]
        #expect(try Self.compare(overlapping).differentPixels == 9)
    }

    @Test func aMaskReachingPastTheEdgesIsClipped() throws {
        let result = try Self.compare([MaskRegion(x: 14, y: 5, width: 1000, height: 1000)])
        #expect(result.differentPixels == 12)
        #expect(result.totalPixels == 200)
        #expect(try Self.compare([MaskRegion(x: 25, y: 0, width: 5, height: 5)]).differentPixels == 21)
    }

    @Test func theDiffDrawsMaskedPixelsMagentaAndTheRestAsBefore() throws {
        let diff = try #require(try Self.compare([MaskRegion(x: 2, y: 2, width: 4, height: 3)]).diffImage)
        for y in 0..<10 {
            for x in 0..<20 {
                let pixel = diff.pixels[y * 20 + x]
                if (2..<6).contains(x) && (2..<5).contains(y) {
                    #expect(pixel == Self.magenta, "(\(x), \(y))")
                } else if Self.blocks.contains([x, y]) {
                    #expect(pixel == Self.red, "(\(x), \(y))")
                } else {
                    #expect(pixel != Self.magenta && pixel != Self.red, "(\(x), \(y))")
                }
            }
        }
    }

    @Test func identicalImagesStillShowTheMaskInTheDiff() throws {
        let (plain, _) = try Self.pair(changed: [])
        var options = PixelmatchOptions()
        options.masks = [MaskRegion(x: 18, y: 8, width: 5, height: 5)]
        options.maskColor = RGBColor(red: 0, green: 0, blue: 255)
        let diff = try #require(
            try ImageComparison(options: options).compare(plain, plain, drawingDiff: true).diffImage)
        let blue = RGBAImage.pack(red: 0, green: 0, blue: 255, alpha: 255)
        #expect(diff.pixels.filter { $0 == blue }.count == 4)
        #expect(diff.pixels[9 * 20 + 19] == blue)
    }

    @Test func countsAreTheSameWithAndWithoutTheDiff() throws {
        let masks = [MaskRegion(x: 3, y: 0, width: 12, height: 6)]
        #expect(try Self.compare(masks, diff: false).differentPixels == Self.compare(masks, diff: true).differentPixels)
    }

    @Test(arguments: [
        MaskRegion(x: -1, y: 0, width: 5, height: 5), MaskRegion(x: 0, y: -3, width: 5, height: 5),
        MaskRegion(x: 0, y: 0, width: 0, height: 5), MaskRegion(x: 0, y: 0, width: 5, height: -1),
    ])
    func emptyOrNegativeMasksAreRefused(mask: MaskRegion) {
        var options = PixelmatchOptions()
        options.masks = [mask]
        #expect(throws: ComparisonError.mask(mask)) { try ImageComparison(options: options) }
    }

    @Test func parsesXYWidthHeight() {
        #expect(MaskRegion("1,2,30,40") == MaskRegion(x: 1, y: 2, width: 30, height: 40))
        #expect(MaskRegion(" 1, 2 ,3,4") == MaskRegion(x: 1, y: 2, width: 3, height: 4))
        for bad in ["", "1,2,3", "1,2,3,4,5", "a,2,3,4", "1.5,2,3,4", "1,,3,4"] {
            #expect(MaskRegion(bad) == nil, "\(bad)")
        }
        #expect(MaskRegion(x: 1, y: 2, width: 3, height: 4).description == "1,2,3,4")
    }
}
