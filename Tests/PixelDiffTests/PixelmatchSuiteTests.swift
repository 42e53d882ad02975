import Foundation
import PixelDiff
import Testing

/// pixelmatch's own test suite (`test/test.js` at v5.3.0, v7.2.0 and main) on its own fixture
/// images (Fixtures/Pixelmatch/cases.json): every count, with and without a diff image, and
/// every diff image, pixel for pixel against the one pixelmatch drew.
@Suite("pixelmatch's own test cases at 5.3.0, 7.2.0 and main")
struct PixelmatchSuiteTests {
    struct Cases: Decodable {
        struct Version: Decodable {
            let version: String
            let checkerboard: Bool
            let metric: String
            let cases: [Case]
        }

        let versions: [Version]
    }

    /// One `diffTest(...)` line of pixelmatch's test.js.
    struct Case: Decodable {
        /// pixelmatch's options as test.js writes them; absent ones take its defaults.
        struct Options: Decodable {
            let threshold: Double?
            let includeAA: Bool?
            let alpha: Double?
            let aaColor: [UInt8]?
            let diffColor: [UInt8]?
            let diffColorAlt: [UInt8]?
            let diffMask: Bool?
        }

        let expected: String
        let actual: String
        let diff: String
        let options: Options
        let differentPixels: Int
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let version: String
        let expected: String
        let actual: String
        let diff: String
        let options: PixelmatchOptions
        let differentPixels: Int
        var testDescription: String { "\(version): \(expected) vs \(actual), \(diff)" }
    }

    static let examples: [Example] = {
        let file = FixturePaths.pixelmatch.appendingPathComponent("cases.json")
        guard let data = try? Data(contentsOf: file), let cases = try? JSONDecoder().decode(Cases.self, from: data)
        else {
            return []
        }
        return cases.versions.flatMap { version in
            version.cases.map { testCase in
                Example(
                    version: version.version, expected: testCase.expected, actual: testCase.actual, diff: testCase.diff,
                    options: options(testCase.options, checkerboard: version.checkerboard, metric: version.metric),
                    differentPixels: testCase.differentPixels
                )
            }
        }
    }()

    static func options(_ given: Case.Options, checkerboard: Bool, metric: String) -> PixelmatchOptions {
        let defaults = PixelmatchOptions()
        return PixelmatchOptions(
            threshold: given.threshold ?? defaults.threshold,
            includeAntiAliased: given.includeAA ?? defaults.includeAntiAliased,
            diffAlpha: given.alpha ?? defaults.diffAlpha,
            differenceColor: given.diffColor.map(color) ?? defaults.differenceColor,
            antiAliasedColor: given.aaColor.map(color) ?? defaults.antiAliasedColor,
            darkerDifferenceColor: given.diffColorAlt.map(color),
            diffMask: given.diffMask ?? false,
            checkerboard: checkerboard,
            metric: ColorMetric(rawValue: metric) ?? .yiq
        )
    }

    static func color(_ channels: [UInt8]) -> RGBColor {
        RGBColor(red: channels[0], green: channels[1], blue: channels[2])
    }

    static func image(_ name: String) throws -> RGBAImage {
        try RGBAImage(pngBytes: [UInt8](Data(contentsOf: FixturePaths.pixelmatch.appendingPathComponent(name))))
    }

    @Test func everyCaseOfTheThreeSuitesIsHere() {
        #expect(Self.examples.filter { $0.version == "5.3.0" }.count == 10)
        #expect(Self.examples.filter { $0.version == "7.2.0" }.count == 12)
        #expect(Self.examples.filter { $0.version == "main" }.count == 12)
    }

    @Test(arguments: examples)
    func countAndDiffImageEqualPixelmatchs(example: Example) throws {
        let expected = try Self.image(example.expected + ".png")
        let actual = try Self.image(example.actual + ".png")
        let comparison = try ImageComparison(options: example.options)
        let drawn = comparison.compare(expected, actual, drawingDiff: true)
        #expect(
            drawn.differentPixels == example.differentPixels,
            "pixelmatch \(example.version) counts \(example.differentPixels)")
        #expect(comparison.compare(expected, actual).differentPixels == drawn.differentPixels)

        let diff = try #require(drawn.diffImage)
        let pixelmatchDiff = try Self.image(example.diff)
        try #require(diff.width == pixelmatchDiff.width && diff.height == pixelmatchDiff.height)
        let mismatches = diff.pixels.indices.filter { diff.pixels[$0] != pixelmatchDiff.pixels[$0] }
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count) pixels differ from \(example.diff), the first at index \(mismatches.first ?? -1)"
        )
    }

    static func onePixel(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) throws -> RGBAImage {
        try RGBAImage(width: 1, height: 1, pixels: [RGBAImage.pack(red: red, green: green, blue: blue, alpha: alpha)])
    }

    static func count(_ first: RGBAImage, _ second: RGBAImage, _ options: PixelmatchOptions = PixelmatchOptions())
        throws -> Int
    {
        try ImageComparison(options: options).compare(first, second).differentPixels
    }

    /// test.js 7.2.0 and main: "checkerboard: false blends semi-transparent pixels against white".
    @Test(arguments: [ColorMetric.yiq, .oklab])
    func halfTransparentBlackEqualsOpaqueGreyOnlyOnWhite(metric: ColorMetric) throws {
        let halfBlack = try Self.onePixel(0, 0, 0, 128)
        let grey = try Self.onePixel(127, 127, 127)
        #expect(try Self.count(halfBlack, grey, PixelmatchOptions(checkerboard: false, metric: metric)) == 0)
        #expect(try Self.count(halfBlack, grey, PixelmatchOptions(metric: metric)) == 1)
    }

    /// test.js main: "OKLab metric uses Lr toe correction for near-black differences".
    @Test func okLabToeSpreadsNearBlackLessThanLightness() throws {
        let options = PixelmatchOptions(metric: .oklab)
        #expect(try Self.count(Self.onePixel(0, 0, 0), Self.onePixel(13, 13, 13), options) == 0)
        #expect(try Self.count(Self.onePixel(0, 0, 0), Self.onePixel(23, 23, 23), options) == 1)
    }

    /// test.js main: "OKLab metric separates the #127 color pairs at the default threshold";
    /// beside it, what pixelmatch 7.2.0's YIQ makes of the same pairs (run with Node): it calls
    /// the second pair equal and the last two, nearly identical to the eye, different.
    @Test(
        arguments: [
            ((41, 56, 157), (41, 56, 0), 1, 1),
            ((39, 44, 92), (39, 44, 14), 1, 0),
            ((0, 254, 252), (94, 254, 252), 0, 1),
            ((0, 254, 252), (47, 254, 252), 0, 1),
        ] as [((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8), Int, Int)])
    func okLabSeparatesTheIssue127Pairs(
        first: (UInt8, UInt8, UInt8), second: (UInt8, UInt8, UInt8), okLabCount: Int, yiqCount: Int
    ) throws {
        let one = try Self.onePixel(first.0, first.1, first.2)
        let two = try Self.onePixel(second.0, second.1, second.2)
        #expect(try Self.count(one, two, PixelmatchOptions(metric: .oklab)) == okLabCount)
        #expect(try Self.count(one, two, PixelmatchOptions(metric: .yiq)) == yiqCount)
    }
}
