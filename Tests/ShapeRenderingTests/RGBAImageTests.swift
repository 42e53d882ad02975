import Foundation
import ShapeGame
import Testing

@testable import ShapeRendering

@Suite("PNGs decode to straight RGBA as pixelmatch sees them")
struct RGBAImageTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: FixturePaths.compare.appendingPathComponent(name)))
    }

    @Test func semiTransparentColoursSurviveExactly() throws {
        // Cairo's reader premultiplies and would lose these low-alpha colours; libpng must not.
        let image = try RGBAImage(pngBytes: try Self.fixture("alpha-levels-a.png"))
        #expect(image.width == 72 && image.height == 72)
        // Column 8 has alpha 1, row 0 colour (200, 40, 90).
        #expect(image.pixels[8] == RGBAImage.pack(red: 200, green: 40, blue: 90, alpha: 1))
    }

    @Test func interlacedAndSixteenBitFilesDecodeToTheSamePixels() throws {
        let original = try RGBAImage(pngBytes: try Self.fixture("translucent-circle-a.png"))
        #expect(try RGBAImage(pngBytes: try Self.fixture("encodings/interlaced.png")) == original)
        #expect(try RGBAImage(pngBytes: try Self.fixture("encodings/sixteen-bit.png")) == original)
    }

    @Test func paletteGreyAndRGBFilesGainRGBAndAlpha() throws {
        let palette = try RGBAImage(pngBytes: try Self.fixture("palette-trns-a.png"))
        #expect(palette.pixels[0] >> 24 == 0)
        let grey = try RGBAImage(pngBytes: try Self.fixture("grey-and-grey-alpha-a.png"))
        #expect(grey.pixels[0] == RGBAImage.pack(red: 255, green: 255, blue: 255, alpha: 255))
        let rgb = try RGBAImage(pngBytes: try Self.fixture("rgb-and-rgba-a.png"))
        #expect(rgb.pixels.allSatisfy { $0 >> 24 == 255 })
    }

    /// Every pixel value, translucent ones included, survives `pngBytes()` exactly: nothing goes
    /// through premultiplied pixels on the way.
    @Test func encodingIsLossless() throws {
        var pixels = [RGBAImage.pack(red: 200, green: 100, blue: 50, alpha: 3)]
        var state: UInt32 = 12345
        for _ in 1..<(37 * 11) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels.append(state)
        }
        let image = try RGBAImage(width: 37, height: 11, pixels: pixels)
        let decoded = try RGBAImage(pngBytes: try image.pngBytes())
        #expect(decoded == image)
        #expect(try RGBAImage.decodedByLibPNG(try image.pngBytes()) == image)
        // The fast encoding (reports' diffs) too, on noise and on runs of one pixel.
        #expect(try RGBAImage(pngBytes: try image.fastPNGBytes()) == image)
        #expect(try RGBAImage.decodedByLibPNG(try image.fastPNGBytes()) == image)
        let runs = try RGBAImage(
            width: 300, height: 7, pixels: (0..<2100).map { $0 < 1500 ? 0xFF00_00FF : UInt32($0 / 100) })
        #expect(try RGBAImage.decodedByLibPNG(try runs.fastPNGBytes()) == runs)
    }

    @Test(arguments: [(Int.max, 2), (2, Int.max), (-1, 0), (RGBAImage.maximumSide + 1, 1), (3, 3)])
    func sizesOutOfRangeOrMismatchedThrow(width: Int, height: Int) {
        #expect(throws: RGBAImageError.self) { try RGBAImage(width: width, height: height, pixels: []) }
    }

    static let fixtureNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FixturePaths.compare.path)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted() + [
            "encodings/interlaced.png", "encodings/sixteen-bit.png",
        ]
    }()

    /// The libdeflate fast path must give libpng's pixels, pixel for pixel.
    @Test(arguments: fixtureNames)
    func theFastPathDecodesAsLibPNGDoes(name: String) throws {
        let bytes = try Self.fixture(name)
        #expect(try RGBAImage(pngBytes: bytes) == RGBAImage.decodedByLibPNG(bytes))
    }

    /// Cairo's writer splits the data into many IDAT chunks and picks a filter per row; noise
    /// and gradients make it use all five.
    @Test func theFastPathHandlesEveryFilterAndManyIDATChunks() throws {
        var pixels: [UInt32] = []
        var state: UInt64 = 7
        for y in 0..<300 {
            for x in 0..<257 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = UInt32(truncatingIfNeeded: state >> 56)
                let alpha = UInt32(y < 100 ? 255 : (x + y) % 256)
                let value = y % 3 == 0 ? noise : UInt32((x * 3 + y) % 256)
                let premultiplied = value * alpha / 255
                pixels.append(alpha << 24 | premultiplied << 16 | (premultiplied / 2) << 8 | (noise * alpha / 255))
            }
        }
        let bytes = try CairoSurface.image(width: 257, height: 300, argbPixels: pixels).pngBytes()
        #expect(try RGBAImage(pngBytes: bytes) == RGBAImage.decodedByLibPNG(bytes))
    }

    /// A surface unpremultiplied in Swift equals the PNG Cairo's writer makes of it, decoded.
    @Test func aSurfaceComparesLikeThePNGItWrites() throws {
        let style = ShapeStyle(fillColor: RGBAColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.3), lineWidth: 3)
        let view = try ShapeViewBuilder(style: style).buildView(for: CircleShape(proportion: 0.7))
        let surface = try ShapeImageRenderer(canvasSide: 64).renderImage(view)
        let fromSurface = try RGBAImage(surface: surface)
        #expect(fromSurface == (try RGBAImage(pngBytes: try surface.pngBytes())))
        #expect(fromSurface.pixels.contains { ($0 >> 24) > 0 && ($0 >> 24) < 255 })
        // And back: premultiplying gives Cairo's pixels again.
        #expect(try fromSurface.cairoSurface().argbPixels() == surface.argbPixels())
    }

    @Test func brokenBytesAreErrorsThatSayWhy() throws {
        let good = try Self.fixture("circle-shift-a.png")
        #expect(throws: PNGDecodingError.notPNG) { try RGBAImage(pngBytes: []) }
        #expect(throws: PNGDecodingError.notPNG) { try RGBAImage(pngBytes: Array("not a png at all".utf8)) }
        for broken in [Array(good.prefix(good.count / 2)), Array(good.prefix(40))] {
            #expect {
                try RGBAImage(pngBytes: broken)
            } throws: { error in
                guard case .corrupt(let reason) = (error as? PNGDecodingError)?.code else { return false }
                return !reason.isEmpty
            }
        }
        var badChecksum = good
        badChecksum[29] ^= 0xFF
        #expect(throws: PNGDecodingError.self) { try RGBAImage(pngBytes: badChecksum) }
    }

    @Test func imagesAboveTheSizeLimitAreRefusedBeforeDecoding() throws {
        let png = try Self.fixture("circle-shift-a.png")
        #expect(throws: PNGDecodingError.tooLarge(width: 64, height: 64, maximumSide: 32)) {
            try RGBAImage(pngBytes: png, maximumSide: 32)
        }
    }
}
