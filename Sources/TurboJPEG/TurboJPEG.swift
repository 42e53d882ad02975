import CTurboJPEG

/// libjpeg-turbo's TurboJPEG API, wrapped once for the rooms that read and write JPEG: compare
/// decodes screenshots to RGBA, scan decodes phone photos and copier pages to grey, and scan's
/// tests encode grey pages. No TurboJPEG handle leaves this type; callers size and own the pixel
/// memory, so a decoder's bound is checked before any of it is allocated.
package enum TurboJPEG {
    /// The layouts pixels are decoded to or encoded from.
    package enum Pixels: Sendable {
        /// R, G, B, A bytes a pixel, alpha 255.
        case rgba
        /// One grey byte a pixel.
        case gray

        /// The bytes a pixel takes.
        package var bytesPerPixel: Int { self == .rgba ? 4 : 1 }

        var format: Int32 { Int32(self == .rgba ? TJPF_RGBA.rawValue : TJPF_GRAY.rawValue) }
    }

    /// Why bytes could not be decoded or encoded, in libjpeg-turbo's words where it gave some.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The width and height `bytes`' header declares; nil when TurboJPEG cannot read a header.
    package static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        return header(handle, bytes)
    }

    /// Decodes `bytes` into `output`, which must hold `width × height × pixels.bytesPerPixel`
    /// bytes for the size ``size(of:)`` read. Returns libjpeg-turbo's warning when it decoded
    /// with one (a truncated file or corrupt data: some pixels are made up), nil when the decode
    /// was clean; throws when it could not decode, or when `output` does not fit the image.
    package static func decode(
        _ bytes: [UInt8], as pixels: Pixels, into output: UnsafeMutableRawBufferPointer
    ) throws(Failure) -> String? {
        guard let handle = tjInitDecompress() else { throw Failure(description: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        guard let size = header(handle, bytes) else { throw Failure(description: errorText(handle)) }
        let needed = size.width.multipliedReportingOverflow(by: size.height * pixels.bytesPerPixel)
        guard !needed.overflow, output.count >= needed.partialValue, let start = output.baseAddress else {
            throw Failure(description: "the \(size.width)x\(size.height) image does not fit the memory given")
        }
        let status = bytes.withUnsafeBufferPointer { buffer in
            tjDecompress2(
                handle, buffer.baseAddress, UInt(buffer.count), start.assumingMemoryBound(to: UInt8.self),
                Int32(size.width), 0, Int32(size.height), pixels.format, 0)
        }
        guard status != 0 else { return nil }
        guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            throw Failure(description: errorText(handle))
        }
        return errorText(handle)
    }

    /// `gray`, `width × height` grey bytes, as a greyscale JPEG of `quality` (clamped to 1 to 100).
    package static func encode(gray: [UInt8], width: Int, height: Int, quality: Int) throws(Failure) -> [UInt8] {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), !pixels.overflow,
            gray.count == pixels.partialValue
        else { throw Failure(description: "\(gray.count) bytes are not a \(width)x\(height) grey image") }
        guard let handle = tjInitCompress() else { throw Failure(description: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = gray.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(width), Int32(width), Int32(height), Pixels.gray.format, &output,
                &length, Int32(TJSAMP_GRAY.rawValue), Int32(min(100, max(1, quality))), 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { throw Failure(description: errorText(handle)) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    private static func header(_ handle: tjhandle, _ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(
                handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0, width > 0, height > 0 else { return nil }
        return (Int(width), Int(height))
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "libjpeg-turbo could not decode it" }
        return String(cString: text)
    }
}
