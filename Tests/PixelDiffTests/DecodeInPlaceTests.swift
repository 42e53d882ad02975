import PixelDiff
import Testing

/// `RGBAImage.decodePNG(_:into:maximumPixels:)`, which the front uses to decode a pair into memory
/// of its own: the same pixels as `init(pngBytes:)`, and memory too small for the header's size
/// refused before a pixel is written.
@Suite("Decoding into the caller's memory")
struct DecodeInPlaceTests {
    static func png(width: Int, height: Int) throws -> [UInt8] {
        let pixels = (0..<(width * height)).map { index in
            RGBAImage.pack(
                red: UInt8(index % 251), green: UInt8(index / width % 256), blue: UInt8(index % 7 * 30),
                alpha: UInt8(255 - index % 3 * 100))
        }
        return try RGBAImage(width: width, height: height, pixels: pixels).pngBytes()
    }

    @Test(arguments: [(1, 1), (7, 3), (300, 200)])
    func theSamePixelsAsAnImage(width: Int, height: Int) throws {
        let bytes = try Self.png(width: width, height: height)
        let image = try RGBAImage(pngBytes: bytes)
        let size = ImageSize(width: width, height: height)
        var memory = [UInt32](repeating: 0xDEAD_BEEF, count: RGBAImage.decodingCapacity(size))
        let decoded = try memory.withUnsafeMutableBufferPointer { buffer in
            try RGBAImage.decodePNG(bytes, into: buffer, maximumPixels: RGBAImage.maximumPixels)
        }
        #expect(decoded == size)
        #expect(Array(memory.prefix(size.pixelCount)) == image.pixels)
    }

    @Test func memoryTooSmallIsRefusedUntouched() throws {
        let bytes = try Self.png(width: 40, height: 30)
        var memory = [UInt32](repeating: 7, count: 40 * 30)
        #expect(throws: PNGDecodingError.self) {
            try memory.withUnsafeMutableBufferPointer { buffer in
                try RGBAImage.decodePNG(bytes, into: buffer, maximumPixels: RGBAImage.maximumPixels)
            }
        }
        #expect(memory.allSatisfy { $0 == 7 })
    }

    @Test func notAPNGIsRefused() {
        var memory = [UInt32](repeating: 0, count: 64)
        #expect(throws: PNGDecodingError.notPNG) {
            try memory.withUnsafeMutableBufferPointer { buffer in
                try RGBAImage.decodePNG(Array("GIF89a".utf8), into: buffer, maximumPixels: 64)
            }
        }
    }
}
