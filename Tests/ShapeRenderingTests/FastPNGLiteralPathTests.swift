import CPNG
import PixelDiff
import ShapeGame
import ShapeRendering
import Testing

/// The fast encoding's literal path, taken when sampled rows say runs do not pay (photographs):
/// every file decodes to the pixels Cairo holds, AVX2 and the portable loops write the same bytes,
/// and images on either side of the switch between the two paths keep their pixels.
@Suite("The fast PNG encoder's literal path", .serialized)
struct FastPNGLiteralPathTests {
    /// Smooth colour fields with noise on every pixel, like a photograph: opaque at the top, a
    /// band of partial alpha (unpremultiplied with Cairo's rounding) and a transparent band, and
    /// below them rows that repeat the row above.
    static func photo(width: Int, height: Int) throws -> CairoSurface {
        var random = RandomStream(seed: 5, turn: width)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int(random.next() % 17) - 8
                let red = min(max(128 + (x * 3 + y) % 100 + noise, 0), 255)
                let green = min(max(60 + (x + 2 * y) % 150 - noise / 2, 0), 255)
                let blue = min(max(200 - (x + y) % 120 + noise, 0), 255)
                let alpha: Int =
                    switch y * 8 / height {
                    case 5: 40 + (x + y) % 200
                    case 6: x % 9 == 0 ? 255 : 0
                    default: 255
                    }
                let premultiply = { (channel: Int) in UInt32((channel * alpha + 127) / 255) }
                pixels[y * width + x] =
                    UInt32(alpha) << 24 | premultiply(red) << 16 | premultiply(green) << 8 | premultiply(blue)
            }
            if y * 8 / height == 7, y % 2 == 1 {
                for x in 0..<width { pixels[y * width + x] = pixels[(y - 1) * width + x] }
            }
        }
        return try CairoSurface.image(width: width, height: height, argbPixels: pixels)
    }

    /// How many distance codes the first deflate block of a PNG's IDAT lists: 2 for the literal
    /// path (it uses none), 4 or more for the runs path (distance 4 is code 3); nil when the
    /// block is not dynamic.
    static func distanceCodes(_ png: [UInt8]) -> Int? {
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            if type == "IDAT", length >= 4 {
                let header = png[at + 10]
                guard (header >> 1) & 3 == 2 else { return nil }
                return Int(png[at + 11] & 31) + 1
            }
            at += 12 + length
        }
        return nil
    }

    @Test(arguments: [(1024, 96), (33, 40), (130, 17), (9, 64)])
    func photoLikeImagesRoundTripThroughLibpngAndTheProjectDecoder(width: Int, height: Int) throws {
        let surface = try Self.photo(width: width, height: height)
        let bytes = try surface.pngBytes(.fast)
        #expect(Self.distanceCodes(bytes) == 2, "the literal path wrote it")
        let drawn = try RGBAImage(surface: surface)
        #expect(try RGBAImage.decodedByLibPNG(bytes) == drawn, "libpng")
        #expect(try RGBAImage(pngBytes: bytes) == drawn, "the project's decoder")
    }

    @Test(arguments: [8, 9, 15, 16, 17, 31, 33, 100, 515])
    func vectorAndPortableLoopsWriteTheSameBytes(width: Int) throws {
        defer { shapeturns_png_encode_use_vector_instructions(1) }
        let surface = try Self.photo(width: width, height: 48)
        shapeturns_png_encode_use_vector_instructions(1)
        let vector = try surface.pngBytes(.fast)
        shapeturns_png_encode_use_vector_instructions(0)
        let portable = try surface.pngBytes(.fast)
        #expect(Self.distanceCodes(vector) == 2)
        let same = vector == portable
        #expect(same, "\(vector.count) bytes with AVX2, \(portable.count) without")
    }

    /// 64×32 pixels: of the 16 rows the switch samples (the odd ones), the first `busy` are noise,
    /// the others flat runs; every even row is a shape's edge of a few runs. 12 busy rows of 16
    /// switch to the literal path; either way the file holds exactly these pixels.
    @Test(arguments: [0, 11, 12, 16])
    func switchingPathsKeepsThePixels(busy: Int) throws {
        let width = 64
        let height = 32
        var random = RandomStream(seed: 3, turn: busy)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let value = UInt32(truncatingIfNeeded: random.next())
                pixels[y * width + x] =
                    if y % 2 == 1, y / 2 < busy {
                        0xFF00_0000 | value & 0x00FF_FFFF
                    } else if y % 2 == 1 {
                        x < 20 ? 0 : 0xFF80_4020
                    } else {
                        x < y ? 0x8040_2010 : x < y + 3 ? value & 0xFF00_0000 : 0xFF80_4020
                    }
            }
        }
        let surface = try CairoSurface.image(width: width, height: height, argbPixels: pixels)
        let bytes = try surface.pngBytes(.fast)
        let literal = busy >= 12
        #expect((Self.distanceCodes(bytes) == 2) == literal, "literal path: \(literal)")
        let drawn = try RGBAImage(surface: surface)
        #expect(try RGBAImage.decodedByLibPNG(bytes) == drawn, "libpng")
        #expect(try RGBAImage(pngBytes: bytes) == drawn, "the project's decoder")
    }

    /// Straight pixels of uniform random bytes, where no code beats storing the bytes: the
    /// literal path writes stored blocks, and the file still holds the pixels.
    @Test func incompressiblePixelsAreStored() throws {
        var random = RandomStream(seed: 22, turn: 0)
        let pixels = (0..<(300 * 200)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        let image = try RGBAImage(width: 300, height: 200, pixels: pixels)
        let bytes = try image.fastPNGBytes()
        #expect(Self.distanceCodes(bytes) == nil, "stored, not a dynamic block")
        #expect(try RGBAImage.decodedByLibPNG(bytes) == image, "libpng")
        #expect(try RGBAImage(pngBytes: bytes) == image, "the project's decoder")
    }

    /// Shapes as ShapeTurns draws them never take the literal path: their files are the runs
    /// path's, which are smaller there.
    @Test func drawnShapesKeepTheRunsPath() throws {
        for (name, surface) in try FastPNGEncoderTests.surfaces(side: 128).dropLast() {
            let bytes = try surface.pngBytes(.fast)
            #expect((Self.distanceCodes(bytes) ?? 0) >= 4, "\(name)")
        }
    }
}
