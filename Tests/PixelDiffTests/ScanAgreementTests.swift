import Testing

@testable import PixelDiff

/// `ImageComparison` reads four pixels at once, keeps the last pair's verdicts and judges runs
/// of one colour together; `ReferencePixelmatch` is pixelmatch 7.2.0's loop as written. On
/// random scenes made to meet those shortcuts (flat shapes on transparent and semi-transparent
/// grounds, whose verdict changes sign with the checkerboard, soft edges, moved shapes, noise,
/// and sizes from 1 pixel to over a million, scanned in bands) the two must give the same counts,
/// the same first differing pixels and the same diff image, byte for byte.
@Suite("The fast scan gives pixelmatch's answers")
struct ScanAgreementTests {
    /// A seeded generator (64-bit LCG), so a failure names a case that can be run again.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func chance(_ percent: Int) -> Bool { next(100) < percent }

        mutating func colour() -> [UInt8] {
            switch next(5) {
            case 0: return [0, 0, 0, 0]
            case 1: return [UInt8(next(256)), UInt8(next(256)), UInt8(next(256)), 255]
            case 2: return [128, 128, 128, 255]
            default: return [UInt8(next(256)), UInt8(next(256)), UInt8(next(256)), UInt8(1 + next(254))]
            }
        }
    }

    struct Shape {
        var x: Int, y: Int, width: Int, height: Int
        var colour: [UInt8]
    }

    /// A scene's RGBA bytes: a ground, flat rectangles with a one-pixel soft edge, and noise.
    static func render(
        width: Int, height: Int, ground: [UInt8], shapes: [Shape], noise: Int, generator: inout Generator
    )
        -> [UInt8]
    {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) { bytes.replaceSubrange((index * 4)..<(index * 4 + 4), with: ground) }
        for shape in shapes {
            for y in max(shape.y - 1, 0)..<min(shape.y + shape.height + 1, height) {
                for x in max(shape.x - 1, 0)..<min(shape.x + shape.width + 1, width) {
                    let inside = x >= shape.x && x < shape.x + shape.width && y >= shape.y && y < shape.y + shape.height
                    let at = (y * width + x) * 4
                    for channel in 0..<4 {
                        let mixed = (Int(bytes[at + channel]) + Int(shape.colour[channel])) / 2
                        bytes[at + channel] = inside ? shape.colour[channel] : UInt8(mixed)
                    }
                }
            }
        }
        for _ in 0..<(width * height * noise / 100) {
            let at = generator.next(width * height) * 4
            bytes.replaceSubrange(at..<(at + 4), with: generator.colour())
        }
        return bytes
    }

    /// Two scenes alike but for moved, recoloured or retinted shapes, and some noise.
    static func pair(width: Int, height: Int, generator: inout Generator) -> ([UInt8], [UInt8]) {
        let ground = generator.colour()
        let shapes = (0..<(1 + generator.next(4))).map { _ in
            Shape(
                x: generator.next(width), y: generator.next(height), width: 1 + generator.next(max(width / 2, 1) + 4),
                height: 1 + generator.next(max(height / 2, 1) + 4), colour: generator.colour())
        }
        let changed = shapes.map { shape in
            var shape = shape
            switch generator.next(4) {
            case 0: shape.x += generator.next(3) - 1
            case 1: shape.colour = generator.colour()
            case 2: shape.colour[generator.next(4)] &+= UInt8(1 + generator.next(24))
            default: break
            }
            return shape
        }
        let noise = generator.chance(30) ? generator.next(4) : 0
        // The same noise in both images (it breaks runs up), or, one time in two, noise of each
        // its own (a difference where it lands).
        var copy = generator
        if generator.chance(50) { _ = copy.next(2) }
        let first = render(width: width, height: height, ground: ground, shapes: shapes, noise: noise, generator: &copy)
        let second = render(
            width: width, height: height, ground: ground, shapes: changed, noise: noise, generator: &generator)
        return (first, second)
    }

    static func image(_ bytes: [UInt8], width: Int, height: Int) throws -> RGBAImage {
        try RGBAImage(width: width, height: height, pixels: ReferencePixelmatch.words(bytes))
    }

    @Test("Random scenes", arguments: 0..<8)
    func randomScenesAgree(seed: Int) throws {
        var generator = Generator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        for case_ in 0..<60 {
            let large = case_ % 30 == 29
            let width = large ? 1024 + generator.next(40) : 1 + generator.next(70)
            let height = large ? 1024 : 1 + generator.next(40)
            let (first, second) = Self.pair(width: width, height: height, generator: &generator)
            var reference = ReferencePixelmatch()
            reference.threshold = [0, 0.02, 0.05, 0.1, 0.1, 0.3, 1][generator.next(7)]
            reference.includeAA = generator.chance(25)
            reference.diffMask = generator.chance(20)
            reference.alpha = [0.1, 0.5, 1, 0][generator.next(4)]
            if generator.chance(40) { reference.diffColorAlt = (0, 200, 0) }
            let expected = reference.compare(first, second, width: width, height: height)

            let options = PixelmatchOptions(
                threshold: reference.threshold, includeAntiAliased: reference.includeAA, diffAlpha: reference.alpha,
                darkerDifferenceColor: reference.diffColorAlt.map { RGBColor(red: $0.0, green: $0.1, blue: $0.2) },
                diffMask: reference.diffMask)
            let comparison = try ImageComparison(options: options)
            let (one, two) = (
                try Self.image(first, width: width, height: height),
                try Self.image(second, width: width, height: height)
            )
            // Twice when large: the second comparison of a size looks the checkerboard up.
            for _ in 0..<(large ? 2 : 1) {
                let drawn = comparison.compare(one, two, drawingDiff: true)
                let counted = comparison.compare(one, two)
                let label = "seed \(seed) case \(case_) (\(width)x\(height), \(reference))"
                #expect(drawn.differentPixels == expected.diff, "\(label)")
                #expect(drawn.antiAliasedPixels == expected.antiAliased, "\(label)")
                #expect(counted.differentPixels == expected.diff, "\(label) without a diff image")
                #expect(counted.antiAliasedPixels == expected.antiAliased, "\(label) without a diff image")
                #expect(drawn.diffImage?.pixels == ReferencePixelmatch.words(expected.output), "\(label): diff image")
                #expect(drawn.firstDifferentPixels == expected.first, "\(label): first differences")
                #expect(counted.firstDifferentPixels == expected.first, "\(label): first differences")
            }
        }
    }

    /// Past 868,675,384 pixels pixelmatch's checkerboard offset wraps negative in 32 bits and a
    /// channel of the background becomes -111. No test image is that large, so the verdicts are
    /// checked pixel by pixel at such offsets, each on the backdrop the scan would look up,
    /// against the reference's `colorDelta` at the same offset. The indices give each of the five
    /// backgrounds that occur up to 65535² pixels (backdrops 0, 1, 2, 3 and 6: green and blue
    /// are never both light, nor both off dark; a sample of two million indices found no other).
    @Test(
        "Verdicts where the checkerboard's offset wraps",
        arguments: [
            0, 5, 3, 868_675_383, 868_675_384, 868_705_001, 1_073_741_824, 1_405_000_001, 1_405_546_296,
            1_800_000_003, 2_602_510_382,
        ])
    func verdictsAtWrappedOffsets(index: Int) {
        let pixels: [UInt32] = [0, 0x8000_0000, 0x40FF_FFFF, 0x8012_3456, 0xFF00_0000, 0x01FF_00FF, 0xC8C8_C8C8]
        let threshold = 0.1
        let rule = CheckerboardYIQRule(maxDelta: 35215 * threshold * threshold, table: nil)
        let backdrop = Checkerboard.backdrop(atPixel: index)
        #expect(Checkerboard.background(ofBackdrop: backdrop) == Checkerboard.background(atPixel: index))
        #expect(Checkerboard.backdrops(pixelCount: index + 1) >> backdrop & 1 == 1)
        var reference = ReferencePixelmatch()
        reference.threshold = threshold
        for first in pixels {
            for second in pixels where second != first {
                let delta = reference.colorDelta(first, second, atPixel: index)
                let expected = abs(delta) > 35215 * threshold * threshold ? (delta < 0 ? -1 : 1) : 0
                #expect(
                    rule.difference(first, second, backdrop: backdrop) == expected,
                    "\(String(first, radix: 16)) against \(String(second, radix: 16)) at pixel \(index)")
            }
        }
    }

    /// pixelmatch main's OKLab rule blends onto the same checkerboard. On a -111 channel its
    /// table lookup (`LIN[x | 0]`) falls outside the table, the distance is NaN, and the pair
    /// counts as different (1): a transparent pixel against opaque black, say. Here too, and
    /// no pair traps, on any of the nine backdrops.
    @Test func okLabOnAWrappedCheckerboardCountsAsPixelmatchMainDoes() {
        let rule = OKLabRule(threshold: 0.05, checkerboard: true)
        let wrappedGreen = Checkerboard.backdrop(atPixel: 868_705_001)
        #expect(Checkerboard.background(ofBackdrop: wrappedGreen).green == -111)
        #expect(rule.difference(0, 0xFF00_0000, backdrop: wrappedGreen) == 1)
        #expect(rule.difference(0xFF00_0000, 0, backdrop: wrappedGreen) == 1)
        let pixels: [UInt32] = [0, 0x8000_0000, 0x40FF_FFFF, 0xFF00_0000, 0x01FF_00FF, 0xC8C8_C8C8]
        var verdicts = 0
        for backdrop in 0..<9 {
            for first in pixels {
                for second in pixels where second != first {
                    verdicts += abs(rule.difference(first, second, backdrop: backdrop))
                }
            }
        }
        #expect(verdicts > 0)
    }
}
