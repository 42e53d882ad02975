import CWebP
import PixelDiff
import TurboJPEG

/// Decodes the image files compare reads, PNG, JPEG and WebP, told apart by their first bytes
/// (not their names), to straight 8-bit RGBA, as Pillow's `convert("RGBA")` gives them: JPEG with
/// libjpeg-turbo's defaults (accurate integer DCT, smooth chroma upsampling; greyscale expanded,
/// opaque; no EXIF rotation, no colour management), WebP with libwebp (lossy and lossless, alpha
/// straight). The size is read from the header and checked against `maximumPixels` before any
/// pixel memory is allocated.
package enum ImageDecoder {
    /// The formats compare reads.
    package enum Format: String, Sendable {
        case png = "PNG"
        case jpeg = "JPEG"
        case webp = "WebP"
    }

    /// Why bytes could not be decoded, in words for a message.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The format `bytes` start with, or nil.
    package static func format(of bytes: some Collection<UInt8>) -> Format? {
        let start = Array(bytes.prefix(12))
        if start.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if start.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if start.count == 12, start[0..<4].elementsEqual("RIFF".utf8), start[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// The size the image's header declares, or nil when it cannot be read.
    package static func declaredSize(of bytes: [UInt8]) -> ImageSize? {
        switch format(of: bytes) {
        case .png: PNGFileBounds.declaredSize(bytes)
        case .jpeg: TurboJPEG.size(of: bytes).map { ImageSize(width: $0.width, height: $0.height) }
        case .webp: webpSize(bytes)
        case nil: nil
        }
    }

    /// What bytes of no known format are called.
    package static let unknownFormat = "not a PNG, JPEG or WebP file"

    /// The image in `bytes`, of at most `maximumPixels` pixels.
    package static func decode(_ bytes: [UInt8], maximumPixels: Int) throws(Failure) -> RGBAImage {
        switch format(of: bytes) {
        case .jpeg: return try decodeJPEG(bytes, maximumPixels: maximumPixels)
        case .webp: return try decodeWebP(bytes, maximumPixels: maximumPixels)
        case nil: throw Failure(description: unknownFormat)
        case .png:
            do {
                return try RGBAImage(pngBytes: bytes, maximumPixels: maximumPixels)
            } catch {
                throw Failure(description: error.description)
            }
        }
    }

    private static func decodeJPEG(_ bytes: [UInt8], maximumPixels: Int) throws(Failure) -> RGBAImage {
        guard let size = TurboJPEG.size(of: bytes) else {
            throw Failure(description: "corrupt JPEG: libjpeg-turbo cannot read its header")
        }
        try check(width: size.width, height: size.height, maximumPixels: maximumPixels)
        var failure: TurboJPEG.Failure?
        var warning: String?
        let pixels = [UInt32](unsafeUninitializedCapacity: size.width * size.height) { pixels, initialized in
            do throws(TurboJPEG.Failure) {
                // TJPF_RGBA writes R, G, B, A bytes: RGBAImage's packing on a little-endian machine.
                warning = try TurboJPEG.decode(bytes, as: .rgba, into: UnsafeMutableRawBufferPointer(pixels))
                initialized = warning == nil ? size.width * size.height : 0
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw Failure(description: "corrupt JPEG: \(failure.description)") }
        // A warning too (a truncated file, bad data): the pixels would be partly made up.
        if let warning { throw Failure(description: "corrupt JPEG: \(warning)") }
        return try image(width: size.width, height: size.height, pixels: pixels)
    }

    private static func webpSize(_ bytes: [UInt8]) -> ImageSize? {
        var width: Int32 = 0
        var height: Int32 = 0
        let known = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard known != 0, width > 0, height > 0 else { return nil }
        return ImageSize(width: Int(width), height: Int(height))
    }

    private static func decodeWebP(_ bytes: [UInt8], maximumPixels: Int) throws(Failure) -> RGBAImage {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { buffer in
            WebPGetFeaturesInternal(buffer.baseAddress, buffer.count, &features, WEBP_DECODER_ABI_VERSION)
        }
        guard status == VP8_STATUS_OK, features.width > 0, features.height > 0 else {
            throw Failure(description: "corrupt WebP: libwebp cannot read its header (status \(status.rawValue))")
        }
        guard features.has_animation == 0 else {
            throw Failure(description: "an animated WebP: only still images are compared")
        }
        let (width, height) = (Int(features.width), Int(features.height))
        try check(width: width, height: height, maximumPixels: maximumPixels)
        var decoded = false
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { pixels, initialized in
            decoded = bytes.withUnsafeBufferPointer { buffer in
                WebPDecodeRGBAInto(
                    buffer.baseAddress, buffer.count,
                    UnsafeMutableRawPointer(pixels.baseAddress)?.assumingMemoryBound(to: UInt8.self),
                    width * height * 4, Int32(width * 4)) != nil
            }
            initialized = decoded ? width * height : 0
        }
        guard decoded else { throw Failure(description: "corrupt WebP: libwebp could not decode it") }
        return try image(width: width, height: height, pixels: pixels)
    }

    private static func check(width: Int, height: Int, maximumPixels: Int) throws(Failure) {
        guard width <= RGBAImage.maximumSide, height <= RGBAImage.maximumSide else {
            throw Failure(
                description: PNGDecodingError.tooLarge(width: width, height: height, maximumSide: RGBAImage.maximumSide)
                    .description)
        }
        guard width * height <= maximumPixels else {
            throw Failure(
                description: PNGDecodingError.tooManyPixels(width: width, height: height, maximumPixels: maximumPixels)
                    .description)
        }
    }

    private static func image(width: Int, height: Int, pixels: [UInt32]) throws(Failure) -> RGBAImage {
        do {
            return try RGBAImage(width: width, height: height, pixels: pixels)
        } catch {
            throw Failure(description: error.description)
        }
    }
}
