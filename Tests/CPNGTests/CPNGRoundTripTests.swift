import CPNG
import Testing

/// The C layer's own API, called as PixelDiff calls it: every encoding decodes, by both decoders,
/// to the pixels it was given, and each failure comes back as its status, never a crash.
@Suite("CPNG: encoding and decoding in C")
struct CPNGRoundTripTests {
    /// Straight RGBA of every alpha, from a fixed linear congruential sequence.
    static func pixels(width: Int, height: Int) -> [UInt32] {
        var state: UInt32 = 12_345
        return (0..<(width * height)).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return state
        }
    }

    static func encode(
        _ pixels: [UInt32], width: Int, height: Int, compression: shapeturns_png_compression,
        channels: shapeturns_png_channels = SHAPETURNS_PNG_RGBA, capacity: Int? = nil
    ) -> (status: shapeturns_png_encode_status, bytes: [UInt8]) {
        let room = capacity ?? shapeturns_png_encode_bound(UInt32(width), UInt32(height))
        var out = [UInt8](repeating: 0, count: room)
        var written = 0
        let status = pixels.withUnsafeBytes { raw in
            shapeturns_png_encode_channels(
                raw.bindMemory(to: UInt8.self).baseAddress, width * 4, UInt32(width), UInt32(height),
                SHAPETURNS_PNG_STRAIGHT_RGBA, compression, channels, &out, room, &written)
        }
        return (status, Array(out.prefix(written)))
    }

    typealias Decoder = (
        UnsafePointer<UInt8>?, Int, UInt32, UnsafeMutablePointer<UInt32>?, Int,
        UnsafeMutablePointer<shapeturns_png_info>?
    ) -> shapeturns_png_status

    static func decode(_ bytes: [UInt8], with decoder: Decoder, maxSide: UInt32 = 8192, capacity: Int? = nil)
        -> (status: shapeturns_png_status, info: shapeturns_png_info, pixels: [UInt32])
    {
        var info = shapeturns_png_info()
        let header = decoder(bytes, bytes.count, maxSide, nil, 0, &info)
        guard header == SHAPETURNS_PNG_OK else { return (header, info, []) }
        let count = Int(info.width) * Int(info.height)
        let room = capacity ?? count + (Int(info.height) + 3) / 4
        var pixels = [UInt32](repeating: 0, count: room)
        let status = decoder(bytes, bytes.count, maxSide, &pixels, room, &info)
        return (status, info, Array(pixels.prefix(count)))
    }

    static let compressions = [SHAPETURNS_PNG_RUNS, SHAPETURNS_PNG_DEFLATE_DEFAULT, SHAPETURNS_PNG_DEFLATE_SMALL]

    @Test(arguments: compressions, [(1, 1), (3, 700), (257, 5), (64, 64)])
    func everyEncodingDecodesToItsPixelsByBothDecoders(compression: shapeturns_png_compression, size: (Int, Int))
        throws
    {
        let (width, height) = size
        let pixels = Self.pixels(width: width, height: height)
        let encoded = Self.encode(pixels, width: width, height: height, compression: compression)
        try #require(encoded.status == SHAPETURNS_PNG_ENCODE_OK)
        for decoder in [shapeturns_png_decode as Decoder, shapeturns_png_decode_libpng] {
            let decoded = Self.decode(encoded.bytes, with: decoder)
            #expect(decoded.status == SHAPETURNS_PNG_OK)
            #expect(decoded.info.width == UInt32(width) && decoded.info.height == UInt32(height))
            #expect(decoded.pixels == pixels)
        }
    }

    /// Opaque pixels of three kinds: noise (the literal path), flat runs, and runs broken every
    /// few pixels (the busy-row path).
    static func opaquePixels(width: Int, height: Int) -> [[UInt32]] {
        let noise = pixels(width: width, height: height).map { $0 | 0xFF00_0000 }
        let flat = (0..<(width * height)).map { index in
            UInt32((index % width / 7 + index / width / 5) % 3) * 0x20_3040 | 0xFF00_0000
        }
        let busy = noise.enumerated().map { index, pixel in index % 3 == 0 ? pixel : 0xFF11_2233 }
        return [noise, flat, busy]
    }

    @Test(arguments: compressions, [(1, 1), (3, 700), (257, 5), (64, 64), (1000, 30)])
    func rgbDecodesToItsPixelsByBothDecoders(compression: shapeturns_png_compression, size: (Int, Int)) throws {
        let (width, height) = size
        for pixels in Self.opaquePixels(width: width, height: height) {
            let encoded = Self.encode(
                pixels, width: width, height: height, compression: compression, channels: SHAPETURNS_PNG_RGB)
            try #require(encoded.status == SHAPETURNS_PNG_ENCODE_OK)
            #expect(encoded.bytes[25] == 2, "colour type RGB")
            for decoder in [shapeturns_png_decode as Decoder, shapeturns_png_decode_libpng] {
                let decoded = Self.decode(encoded.bytes, with: decoder)
                #expect(decoded.status == SHAPETURNS_PNG_OK)
                #expect(decoded.pixels == pixels)
            }
        }
    }

    @Test func rgbIsRefusedUnlessEveryPixelIsOpaque() {
        var pixels = Self.opaquePixels(width: 40, height: 3)[1]
        pixels[77] &= 0xFEFF_FFFF
        for compression in Self.compressions {
            let encoded = Self.encode(
                pixels, width: 40, height: 3, compression: compression, channels: SHAPETURNS_PNG_RGB)
            #expect(encoded.status == SHAPETURNS_PNG_ENCODE_NOT_OPAQUE)
        }
    }

    @Test func theVectorPathWritesTheSameRGBBytes() throws {
        for pixels in Self.opaquePixels(width: 300, height: 40) {
            let vector = Self.encode(
                pixels, width: 300, height: 40, compression: SHAPETURNS_PNG_RUNS, channels: SHAPETURNS_PNG_RGB)
            shapeturns_png_encode_use_vector_instructions(0)
            defer { shapeturns_png_encode_use_vector_instructions(1) }
            let portable = Self.encode(
                pixels, width: 300, height: 40, compression: SHAPETURNS_PNG_RUNS, channels: SHAPETURNS_PNG_RGB)
            #expect(vector.bytes == portable.bytes)
            #expect(!vector.bytes.isEmpty)
        }
    }

    @Test func theVectorPathWritesTheSameBytes() throws {
        let pixels = Self.pixels(width: 300, height: 40).map { $0 & 0xFF00_00FF }
        let vector = Self.encode(pixels, width: 300, height: 40, compression: SHAPETURNS_PNG_RUNS)
        shapeturns_png_encode_use_vector_instructions(0)
        defer { shapeturns_png_encode_use_vector_instructions(1) }
        let portable = Self.encode(pixels, width: 300, height: 40, compression: SHAPETURNS_PNG_RUNS)
        #expect(vector.bytes == portable.bytes)
        #expect(!vector.bytes.isEmpty)
    }

    @Test func eachFailureIsAStatus() throws {
        let pixels = Self.pixels(width: 20, height: 10)
        let png = Self.encode(pixels, width: 20, height: 10, compression: SHAPETURNS_PNG_RUNS).bytes
        #expect(
            Self.decode(Array("not a png at all".utf8), with: shapeturns_png_decode).status == SHAPETURNS_PNG_NOT_PNG)
        let large = Self.decode(png, with: shapeturns_png_decode, maxSide: 19)
        #expect(large.status == SHAPETURNS_PNG_TOO_LARGE)
        #expect(large.info.width == 20 && large.info.height == 10)
        #expect(Self.decode(png, with: shapeturns_png_decode, capacity: 199).status == SHAPETURNS_PNG_BUFFER_TOO_SMALL)
        #expect(
            Self.decode(Array(png.prefix(png.count - 20)), with: shapeturns_png_decode_libpng).status
                == SHAPETURNS_PNG_CORRUPT)
        #expect(
            Self.encode([], width: 0, height: 10, compression: SHAPETURNS_PNG_RUNS).status
                == SHAPETURNS_PNG_ENCODE_BAD_IMAGE)
        #expect(
            Self.encode(pixels, width: 20, height: 10, compression: SHAPETURNS_PNG_RUNS, capacity: 10).status
                == SHAPETURNS_PNG_ENCODE_NO_ROOM)
    }
}
