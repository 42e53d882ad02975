import CPNG
import PixelDiff
import ShapeGame
import ShapeRendering
import Testing

/// The fast encoding's bytes are a function of the pixels alone: the AVX2 and the portable way
/// of finding runs write the same file, and every file decodes, with libpng alone as with the
/// libdeflate path, to the pixels Cairo drew.
@Suite("The fast PNG encoder", .serialized)
struct FastPNGEncoderTests {
    /// Every kind in every style at `side` pixels, and premultiplied noise (every pixel its own run).
    static func surfaces(side: Int) throws -> [(String, CairoSurface)] {
        var result: [(String, CairoSurface)] = []
        for registration in ShapeCatalog.standard.registrations {
            for (index, (style, background)) in PNGEncodingTests.styles.enumerated() {
                let shape = registration.makeFactory(.standard).makeShape(proportion: 0.63)
                let view = try ShapeViewBuilder(style: style).buildView(for: shape)
                let surface = try ShapeImageRenderer(canvasSide: side, background: background).renderImage(view)
                result.append(("\(registration.kind) style \(index) at \(side)", surface))
            }
        }
        result.append(("noise \(side)x\(side / 4 + 1)", try PNGEncodingTests.noise(width: side, height: side / 4 + 1)))
        return result
    }

    @Test(arguments: [16, 130, 512])
    func vectorAndPortableRunFindingWriteTheSameBytes(side: Int) throws {
        defer { shapeturns_png_encode_use_vector_instructions(1) }
        for (name, surface) in try Self.surfaces(side: side) {
            shapeturns_png_encode_use_vector_instructions(1)
            let vector = try surface.pngBytes(.fast)
            shapeturns_png_encode_use_vector_instructions(0)
            let portable = try surface.pngBytes(.fast)
            #expect(
                vector.elementsEqual(portable), "\(name): \(vector.count) bytes with AVX2, \(portable.count) without")
        }
    }

    @Test(arguments: [16, 130, 512])
    func libpngAndTheFastDecoderReadCairosPixels(side: Int) throws {
        for (name, surface) in try Self.surfaces(side: side) {
            let bytes = try surface.pngBytes(.fast)
            let drawn = try RGBAImage(surface: surface)
            #expect(try RGBAImage.decodedByLibPNG(bytes) == drawn, "\(name): libpng")
            #expect(try RGBAImage(pngBytes: bytes) == drawn, "\(name): libdeflate")
        }
    }

    /// Rows equal to the row above, rows that differ in one pixel, and rows of alternating runs,
    /// at widths around the eight pixels AVX2 takes a step, through both ways of finding runs.
    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 33])
    func edgeWidthsRoundTrip(width: Int) throws {
        defer { shapeturns_png_encode_use_vector_instructions(1) }
        let height = 9
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let value: UInt32 =
                    switch y {
                    case 0, 1: 0xFF10_2030
                    case 2: x == width - 1 ? 0x8040_2010 : 0xFF10_2030
                    case 3, 4: (x / 3) % 2 == 0 ? 0 : 0xFF00_FF00
                    case 5: UInt32(x) * 0x0101_0101 & 0x7F7F_7F7F
                    default: x % 2 == 0 ? 0x4020_1000 : 0
                    }
                pixels[y * width + x] = value
            }
        }
        let surface = try CairoSurface.image(width: width, height: height, argbPixels: pixels)
        let drawn = try RGBAImage(surface: surface)
        shapeturns_png_encode_use_vector_instructions(1)
        let vector = try surface.pngBytes(.fast)
        shapeturns_png_encode_use_vector_instructions(0)
        let portable = try surface.pngBytes(.fast)
        #expect(vector.elementsEqual(portable), "\(vector.count) bytes with AVX2, \(portable.count) without")
        #expect(try RGBAImage.decodedByLibPNG(vector) == drawn)
    }
}
