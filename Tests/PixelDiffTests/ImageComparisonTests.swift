import PixelDiff
import Testing

@Suite("Image comparison follows pixelmatch")
struct ImageComparisonTests {
    static let black = RGBAImage.pack(red: 0, green: 0, blue: 0, alpha: 255)
    static let white = RGBAImage.pack(red: 255, green: 255, blue: 255, alpha: 255)
    static let red = RGBAImage.pack(red: 255, green: 0, blue: 0, alpha: 255)
    static let yellow = RGBAImage.pack(red: 255, green: 255, blue: 0, alpha: 255)

    /// A `width × height` image whose pixel at (x, y) is `pixel(x, y)`.
    static func image(_ width: Int = 9, _ height: Int = 7, _ pixel: (Int, Int) -> UInt32) throws -> RGBAImage {
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(pixel(x, y))
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func grey(_ value: UInt8, alpha: UInt8 = 255) -> UInt32 {
        RGBAImage.pack(red: value, green: value, blue: value, alpha: alpha)
    }

    static func compare(
        _ first: RGBAImage, _ second: RGBAImage, threshold: Double = 0.1, includeAA: Bool = false, diff: Bool = false,
        checkerboard: Bool = true
    ) throws -> ComparisonResult {
        try ImageComparison(
            options: PixelmatchOptions(threshold: threshold, includeAntiAliased: includeAA, checkerboard: checkerboard)
        )
        .compare(first, second, drawingDiff: diff)
    }

    @Test func identicalImagesHaveNoDifferenceAndAFadedGreyDiff() throws {
        let picture = try Self.image { x, _ in x < 4 ? Self.black : Self.white }
        let result = try Self.compare(picture, picture, threshold: 0, diff: true)
        #expect(result.differentPixels == 0 && result.antiAliasedPixels == 0)
        #expect(result.totalPixels == 63 && result.sizesMatch)
        let diff = try #require(result.diffImage)
        // Black at 10% opacity on white is 255 − 25.5, truncated as pixelmatch's byte array does.
        #expect(diff.pixels[0] == Self.grey(229))
        #expect(diff.pixels[8] == Self.grey(255))
    }

    @Test func oneChangedPixelOnAFlatBackgroundCounts() throws {
        let first = try Self.image { _, _ in Self.grey(200) }
        let second = try Self.image { x, y in x == 4 && y == 3 ? Self.black : Self.grey(200) }
        let result = try Self.compare(first, second, diff: true)
        #expect(result.differentPixels == 1 && result.antiAliasedPixels == 0)
        let diff = try #require(result.diffImage)
        #expect(diff.pixels[3 * 9 + 4] == Self.red)
        #expect(diff.pixels.filter { $0 == Self.red }.count == 1)
    }

    /// A grey step of d levels has a squared YIQ distance of about 0.5053 d², so at the default
    /// threshold (35215 × 0.1² = 352.15) 26 levels pass and 27 do not.
    @Test(arguments: [(26, 0), (27, 1)])
    func thresholdDecidesShadeChanges(step: Int, expected: Int) throws {
        let first = try Self.image { _, _ in Self.grey(100) }
        let second = try Self.image { x, y in x == 4 && y == 3 ? Self.grey(UInt8(100 + step)) : Self.grey(100) }
        #expect(try Self.compare(first, second).differentPixels == expected)
        #expect(try Self.compare(first, second, threshold: 0).differentPixels == 1)
        #expect(try Self.compare(first, second, threshold: 1).differentPixels == 0)
    }

    /// A grey column between black and white, where the other image has a hard edge: the
    /// typical anti-aliasing difference between two renderers.
    @Test func antiAliasedPixelsAreDetectedAndOnlyCountedWhenAsked() throws {
        let hard = try Self.image { x, _ in x < 4 ? Self.black : Self.white }
        let smooth = try Self.image { x, _ in x < 4 ? Self.black : x == 4 ? Self.grey(128) : Self.white }
        let detected = try Self.compare(hard, smooth, diff: true)
        #expect(detected.differentPixels == 0)
        #expect(detected.antiAliasedPixels == 7)
        let diff = try #require(detected.diffImage)
        #expect((0..<7).allSatisfy { diff.pixels[$0 * 9 + 4] == Self.yellow })
        let counted = try Self.compare(hard, smooth, includeAA: true, diff: true)
        #expect(counted.differentPixels == 7 && counted.antiAliasedPixels == 0)
        #expect(counted.diffImage?.pixels[4] == Self.red)
    }

    /// Transparent pixels are equal whatever colour they hold; onto white (pixelmatch 5 and 6)
    /// they equal opaque white too, onto the checkerboard (7.2.0, counts from pixelmatch itself)
    /// they do not.
    @Test func transparentPixelsAreTheBackgroundWhateverTheirColour() throws {
        let first = try Self.image { _, _ in RGBAImage.pack(red: 10, green: 200, blue: 30, alpha: 0) }
        let second = try Self.image { _, _ in RGBAImage.pack(red: 250, green: 0, blue: 90, alpha: 0) }
        #expect(try Self.compare(first, second, threshold: 0, checkerboard: false).differentPixels == 0)
        #expect(try Self.compare(first, second, threshold: 0).differentPixels == 0)
        let white = try Self.image { _, _ in Self.white }
        #expect(try Self.compare(first, white, threshold: 0, checkerboard: false).differentPixels == 0)
        #expect(try Self.compare(first, white, threshold: 0).differentPixels == 63)
    }

    @Test func semiTransparentPixelsAreBlendedOntoWhiteOrTheCheckerboard() throws {
        // Half-transparent red over white is (255, 127, 127): the same colour as opaque pink.
        let halfRed = try Self.image { _, _ in RGBAImage.pack(red: 255, green: 0, blue: 0, alpha: 128) }
        let pink = try Self.image { _, _ in RGBAImage.pack(red: 255, green: 127, blue: 127, alpha: 255) }
        #expect(try Self.compare(halfRed, pink, threshold: 0, checkerboard: false).differentPixels == 0)
        #expect(try Self.compare(halfRed, pink, threshold: 0).differentPixels == 63)
        let opaqueRed = try Self.image { _, _ in Self.red }
        #expect(try Self.compare(halfRed, opaqueRed, checkerboard: false).differentPixels == 63)
        #expect(try Self.compare(halfRed, opaqueRed).differentPixels == 63)
    }

    @Test func differentSizesAreADifferenceNotACrash() throws {
        let wide = try Self.image(10, 4) { _, _ in Self.white }
        let tall = try Self.image(4, 10) { _, _ in Self.white }
        let result = try Self.compare(wide, tall, diff: true)
        #expect(!result.sizesMatch)
        #expect(result.expectedSize == ImageSize(width: 10, height: 4))
        #expect(result.actualSize == ImageSize(width: 4, height: 10))
        #expect(result.totalPixels == 100 && result.differentPixels == 100)
        #expect(result.diffImage == nil)
        #expect(!ComparisonTolerance(maxDifferentRatio: 1).accepts(result))
    }

    @Test func toleranceBoundsAreEachHeld() throws {
        let first = try Self.image(10, 10) { _, _ in Self.white }
        let second = try Self.image(10, 10) { x, y in y == 0 && x < 5 ? Self.black : Self.white }
        let result = try Self.compare(first, second)
        #expect(result.differentPixels == 5 && result.differentRatio == 0.05)
        #expect(!ComparisonTolerance.exact.accepts(result))
        #expect(ComparisonTolerance(maxDifferentPixels: 5).accepts(result))
        #expect(!ComparisonTolerance(maxDifferentPixels: 4).accepts(result))
        #expect(ComparisonTolerance(maxDifferentRatio: 0.05).accepts(result))
        #expect(!ComparisonTolerance(maxDifferentRatio: 0.049).accepts(result))
        #expect(!ComparisonTolerance(maxDifferentPixels: 5, maxDifferentRatio: 0.01).accepts(result))
        #expect(ComparisonTolerance(maxDifferentPixels: 10, maxDifferentRatio: 0.1).accepts(result))
    }

    @Test(arguments: [-0.1, 1.01, Double.nan, Double.infinity])
    func thresholdsOutsideZeroToOneAreRefused(threshold: Double) {
        #expect(throws: ComparisonError.self) {
            try ImageComparison(options: PixelmatchOptions(threshold: threshold))
        }
    }

    @Test func tolerancesOutOfRangeAreRefused() {
        #expect(throws: ComparisonError.maxDifferentPixels(-1)) {
            try ComparisonTolerance(maxDifferentPixels: -1).validate()
        }
        #expect(throws: ComparisonError.maxDifferentRatio(1.5)) {
            try ComparisonTolerance(maxDifferentRatio: 1.5).validate()
        }
        #expect(throws: Never.self) { try ComparisonTolerance(maxDifferentPixels: 0, maxDifferentRatio: 1).validate() }
    }
}
