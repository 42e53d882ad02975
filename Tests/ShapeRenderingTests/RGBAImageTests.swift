import Foundation
import ShapeGame
import ShapeRendering
import Testing

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
                guard case .corrupt(let reason) = error as? PNGDecodingError else { return false }
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
