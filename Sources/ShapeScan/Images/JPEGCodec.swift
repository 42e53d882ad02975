import TurboJPEG

/// JPEG pages: phone photos and copier pages decode to grey; the scan generator in the tests
/// encodes grey pages at a quality. TurboJPEG does the work.
package enum JPEGCodec {
    /// The grey image in `bytes`, or why not: not a JPEG TurboJPEG can read, or larger than the
    /// budget its header declares (checked before a pixel is decoded). A page libjpeg-turbo
    /// decodes with a warning (a truncated photo) is read as far as it goes.
    package static func decode(_ bytes: [UInt8]) -> Result<GrayImage, PageRefusal> {
        guard let size = TurboJPEG.size(of: bytes) else { return .failure(.undecodable(by: "libjpeg-turbo")) }
        if let refusal = PageRefusal.size(width: size.width, height: size.height, what: "a photo") {
            return .failure(refusal)
        }
        var pixels = [UInt8](repeating: 255, count: size.width * size.height)
        do {
            _ = try pixels.withUnsafeMutableBytes { output throws(TurboJPEG.Failure) in
                try TurboJPEG.decode(bytes, as: .gray, into: output)
            }
        } catch {
            return .failure(.undecodable(by: "libjpeg-turbo"))
        }
        return .success(GrayImage(width: size.width, height: size.height, pixels: pixels))
    }

    /// `image` as a greyscale JPEG of `quality` (1 to 100); `nil` if TurboJPEG fails.
    package static func encode(_ image: GrayImage, quality: Int) -> [UInt8]? {
        try? TurboJPEG.encode(gray: image.pixels, width: image.width, height: image.height, quality: quality)
    }
}
