import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API: phone photos and copier pages decode to grey;
/// the scan generator in the tests encodes grey pages at a quality. The one place TurboJPEG's
/// handles are touched.
package enum JPEGCodec {
    /// The largest side decoded: a 60-megapixel photo's.
    package static let maximumSide = 10_000

    /// The grey image in `bytes`; `nil` when they are not a JPEG TurboJPEG can read, or larger
    /// than `maximumSide`.
    package static func decode(_ bytes: [UInt8]) -> GrayImage? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(
                handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0, width <= maximumSide, height <= maximumSide else { return nil }
        var pixels = [UInt8](repeating: 255, count: Int(width) * Int(height))
        let status = bytes.withUnsafeBufferPointer { buffer in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(
                    handle, buffer.baseAddress, UInt(buffer.count), output.baseAddress, width, width, height,
                    Int32(TJPF_GRAY.rawValue), 0)
            }
        }
        guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else { return nil }
        return GrayImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// `image` as a greyscale JPEG of `quality` (1 to 100); `nil` if TurboJPEG fails.
    package static func encode(_ image: GrayImage, quality: Int) -> [UInt8]? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(image.width), Int32(image.width), Int32(image.height),
                Int32(TJPF_GRAY.rawValue), &output, &size, Int32(TJSAMP_GRAY.rawValue),
                Int32(min(100, max(1, quality))),
                0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
