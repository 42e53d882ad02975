import Foundation
import PixelDiff
import Testing

/// Holds `ImageComparison` to real pixelmatch: Fixtures/Compare/expected-counts.json holds the
/// counts pixelmatch-py (a port of mapbox/pixelmatch v5) gives for each pair of PNGs there at
/// several thresholds, with and without anti-aliasing detection, and a hash of its diff image.
/// `scripts/make-compare-fixtures` makes both the images and the counts. pixelmatch 5 blends
/// semi-transparent pixels onto white: `checkerboard: false`.
@Suite("Counts agree with pixelmatch on the fixture pairs")
struct PixelmatchAgreementTests {
    struct Expectations: Decodable {
        let pairs: [Pair]
    }

    struct Pair: Decodable, Sendable, CustomTestStringConvertible {
        struct Count: Decodable, Sendable {
            let threshold: Double
            let includeAA: Bool
            let differentPixels: Int
        }

        let name: String
        let expected: String
        let actual: String
        let width: Int
        let height: Int
        let counts: [Count]
        let defaultDiffFNV1a: String
        var testDescription: String { name }
    }

    static let pairs: [Pair] = {
        let file = FixturePaths.compare.appendingPathComponent("expected-counts.json")
        guard let data = try? Data(contentsOf: file),
            let expectations = try? JSONDecoder().decode(Expectations.self, from: data)
        else {
            return []
        }
        return expectations.pairs
    }()

    static func load(_ name: String) throws -> RGBAImage {
        try RGBAImage(pngBytes: [UInt8](Data(contentsOf: FixturePaths.compare.appendingPathComponent(name))))
    }

    @Test func theFixturesAreThere() {
        #expect(Self.pairs.count >= 15)
        #expect(Self.pairs.reduce(0) { $0 + $1.counts.count } >= 270)
    }

    @Test(arguments: pairs)
    func countsEqualPixelmatchs(pair: Pair) throws {
        let expected = try Self.load(pair.expected)
        let actual = try Self.load(pair.actual)
        #expect(expected.width == pair.width && expected.height == pair.height)
        for count in pair.counts {
            let options = PixelmatchOptions(
                threshold: count.threshold, includeAntiAliased: count.includeAA, checkerboard: false)
            let result = try ImageComparison(options: options).compare(expected, actual)
            #expect(
                result.differentPixels == count.differentPixels,
                "threshold \(count.threshold), includeAA \(count.includeAA): pixelmatch counts \(count.differentPixels)"
            )
        }
    }

    @Test(arguments: pairs)
    func diffImagesEqualPixelmatchs(pair: Pair) throws {
        let comparison = try ImageComparison(options: PixelmatchOptions(checkerboard: false))
        let result = comparison.compare(try Self.load(pair.expected), try Self.load(pair.actual), drawingDiff: true)
        let diff = try #require(result.diffImage)
        #expect(Self.fnv1a(ofRGBA: diff.pixels) == pair.defaultDiffFNV1a)
    }

    /// 64-bit FNV-1a over the pixels' bytes in R, G, B, A order, as the generator hashes them.
    static func fnv1a(ofRGBA pixels: [UInt32]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for pixel in pixels {
            for shift: UInt32 in [0, 8, 16, 24] {
                hash = (hash ^ UInt64(pixel >> shift & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
