import CPNG

/// An image as straight (not premultiplied) 8-bit RGBA, the form a PNG decoder gives and the
/// form image comparison works on.
///
/// Each pixel is one `UInt32`, row by row, packed as `red | green << 8 | blue << 16 | alpha << 24`
/// (so on the little-endian machines Swift runs on, the bytes in memory are R, G, B, A).
/// Renderers that keep premultiplied pixels (Cairo's ARGB32) convert with
/// `init(premultipliedARGB:width:height:)` and `premultipliedARGB()`, rounding as Cairo's own PNG
/// writer and reader do, so a surface compares like the PNG it would write.
public struct RGBAImage: Sendable, Equatable {
    /// The largest side, in pixels, of an image this library decodes or makes: 65535, the most a
    /// JPEG can have and more than any screenshot. Memory is bounded by a count of pixels, not by
    /// the sides: see `maximumPixels`.
    public static let maximumSide = 65535

    /// The most pixels an image decoded with the default bound may have: 67,108,864 (8192 x 8192,
    /// or 1280 x 52428), so that one image needs at most 256 MiB unless the caller allows more
    /// with `init(pngBytes:maximumSide:maximumPixels:)`.
    public static let maximumPixels = 1 << 26

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, row by row, packed as `red | green << 8 | blue << 16 | alpha << 24`.
    public let pixels: [UInt32]

    /// An image from packed pixels; `pixels.count` must be `width × height`, and each side at most
    /// `maximumSide`.
    public init(width: Int, height: Int, pixels: [UInt32]) throws(RGBAImageError) {
        guard (0...Self.maximumSide).contains(width), (0...Self.maximumSide).contains(height) else {
            throw RGBAImageError(.sizeOutOfRange(width: width, height: height))
        }
        guard pixels.count == width * height else {
            throw RGBAImageError(.pixelCountMismatch(width: width, height: height, count: pixels.count))
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image whose pixel count the caller made `size.pixelCount`.
    init(checkedSize size: ImageSize, pixels: [UInt32]) {
        self.width = size.width
        self.height = size.height
        self.pixels = pixels
    }

    /// The pixel count, `width × height`.
    public var pixelCount: Int { width * height }

    /// Packs one pixel's channels.
    package static func pack(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    /// Decodes PNG bytes: palettes and grey expanded to RGB, tRNS turned into alpha, 16-bit
    /// samples scaled to 8 bits with rounding, no gamma correction — what pixelmatch's own
    /// decoder (pngjs) gives, so comparisons count what pixelmatch counts. Well-formed 8-bit,
    /// non-interlaced files are inflated with libdeflate (several times faster than zlib);
    /// every other file, and every error message, is libpng's. A `maximumSide` above
    /// `RGBAImage.maximumSide` counts as that. An image whose header declares more than
    /// `maximumPixels` pixels is refused (`tooManyPixels`) before any pixel memory is allocated.
    public init(
        pngBytes bytes: [UInt8], maximumSide: Int = RGBAImage.maximumSide, maximumPixels: Int = RGBAImage.maximumPixels
    ) throws(PNGDecodingError) {
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGDecodingError) in
                try RGBAImage(pngBuffer: buffer, maximumSide: maximumSide, maximumPixels: maximumPixels)
            }
        }
        self = try decoded.get()
    }

    /// Decodes PNG bytes in memory someone else owns (a file's `Data`), without copying them;
    /// otherwise as `init(pngBytes:maximumSide:maximumPixels:)`.
    package init(
        pngBuffer buffer: UnsafeRawBufferPointer, maximumSide: Int = RGBAImage.maximumSide,
        maximumPixels: Int = RGBAImage.maximumPixels
    ) throws(PNGDecodingError) {
        try self.init(
            pngBuffer: buffer, maximumSide: maximumSide, maximumPixels: maximumPixels, decoder: shapeturns_png_decode)
    }

    /// Decodes with libpng alone, never the libdeflate fast path: for tests that check both
    /// give the same pixels.
    package static func decodedByLibPNG(_ bytes: [UInt8]) throws(PNGDecodingError) -> RGBAImage {
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGDecodingError) in
                try RGBAImage(
                    pngBuffer: buffer, maximumSide: RGBAImage.maximumSide, maximumPixels: RGBAImage.maximumPixels,
                    decoder: shapeturns_png_decode_libpng)
            }
        }
        return try decoded.get()
    }

    private typealias Decoder = (
        UnsafePointer<UInt8>?, Int, UInt32, UnsafeMutablePointer<UInt32>?, Int,
        UnsafeMutablePointer<shapeturns_png_info>?
    ) -> shapeturns_png_status

    private init(
        pngBuffer buffer: UnsafeRawBufferPointer, maximumSide: Int, maximumPixels: Int, decoder: Decoder
    ) throws(PNGDecodingError) {
        let size = try Self.declaredSize(
            buffer, maximumSide: maximumSide, maximumPixels: maximumPixels, decoder: decoder)
        var failure: PNGDecodingError?
        let pixels = [UInt32](unsafeUninitializedCapacity: Self.decodingCapacity(size)) { pixels, initialized in
            do throws(PNGDecodingError) {
                try Self.decode(buffer, into: pixels, maximumSide: maximumSide, decoder: decoder)
                initialized = size.pixelCount
            } catch {
                // On failure nothing is kept.
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        self.init(checkedSize: size, pixels: pixels)
    }

    /// Words of memory an image of `size` is decoded into: its pixels, and a quarter pixel a row
    /// more, the decoder's working room (see CPNG.h).
    package static func decodingCapacity(_ size: ImageSize) -> Int {
        size.pixelCount + (size.height + 3) / 4
    }

    /// Decodes PNG bytes as `init(pngBytes:maximumSide:maximumPixels:)` does, into memory the
    /// caller owns, which must hold `decodingCapacity` words for the size the header declares
    /// (`tooManyPixels` otherwise, before any pixel is written). Returns the size; the pixels are
    /// the first `size.pixelCount` words. For callers that place images themselves (the front
    /// puts a pair in memory that huge pages can back).
    package static func decodePNG(
        _ bytes: [UInt8], into pixels: UnsafeMutableBufferPointer<UInt32>, maximumPixels: Int
    ) throws(PNGDecodingError) -> ImageSize {
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGDecodingError) -> ImageSize in
                let size = try declaredSize(
                    buffer, maximumSide: maximumSide, maximumPixels: min(maximumPixels, pixels.count),
                    decoder: shapeturns_png_decode)
                guard decodingCapacity(size) <= pixels.count else {
                    // The most pixels the memory holds with its rows' working room.
                    let room = pixels.count - (size.height + 3) / 4
                    throw .tooManyPixels(width: size.width, height: size.height, maximumPixels: max(room, 0))
                }
                try decode(buffer, into: pixels, maximumSide: maximumSide, decoder: shapeturns_png_decode)
                return size
            }
        }
        return try decoded.get()
    }

    /// The size the PNG's header declares, checked against the sides and `maximumPixels` before
    /// any pixel memory is allocated.
    private static func declaredSize(
        _ buffer: UnsafeRawBufferPointer, maximumSide requested: Int, maximumPixels: Int, decoder: Decoder
    ) throws(PNGDecodingError) -> ImageSize {
        // Never above the library's own side; the pixels are the caller's bound.
        let maximumSide = min(requested, RGBAImage.maximumSide)
        var info = shapeturns_png_info()
        let header = decoder(
            buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, UInt32(clamping: maximumSide), nil,
            0, &info)
        try check(header, info, maximumSide: maximumSide)
        let size = ImageSize(width: Int(info.width), height: Int(info.height))
        guard size.pixelCount <= maximumPixels else {
            throw .tooManyPixels(width: size.width, height: size.height, maximumPixels: maximumPixels)
        }
        return size
    }

    /// Decodes the pixels into `pixels`, `decodingCapacity` words for the declared size; on
    /// success every pixel is written (all passes when interlaced).
    private static func decode(
        _ buffer: UnsafeRawBufferPointer, into pixels: UnsafeMutableBufferPointer<UInt32>, maximumSide requested: Int,
        decoder: Decoder
    ) throws(PNGDecodingError) {
        let maximumSide = min(requested, RGBAImage.maximumSide)
        var info = shapeturns_png_info()
        let status = decoder(
            buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, UInt32(clamping: maximumSide),
            pixels.baseAddress, pixels.count, &info)
        try check(status, info, maximumSide: maximumSide)
    }

    /// Straight RGBA from premultiplied ARGB32 pixels (Cairo's image format:
    /// `alpha << 24 | red << 16 | green << 8 | blue`), unpremultiplied the way Cairo's PNG writer
    /// does it (`(c × 255 + alpha / 2) / alpha`, transparent pixels all zero).
    package init(premultipliedARGB argb: [UInt32], width: Int, height: Int) throws(RGBAImageError) {
        try self.init(width: width, height: height, pixels: argb.map(Self.unpremultiply))
    }

    /// The pixels as premultiplied ARGB32, rounded as Cairo's PNG reader rounds: what a renderer
    /// that keeps premultiplied pixels draws on. Lossy for translucent pixels.
    package func premultipliedARGB() -> [UInt32] {
        pixels.map(Self.premultiply)
    }

    /// The image as PNG bytes (8-bit RGBA, libdeflate level 6), lossless: decoding them gives
    /// exactly `pixels`, translucent ones included.
    public func pngBytes() throws(RGBAImageError) -> [UInt8] {
        try pngBytes(compression: SHAPETURNS_PNG_DEFLATE_DEFAULT)
    }

    /// The image as PNG bytes, lossless, encoded several times faster than `pngBytes()` (runs of
    /// one pixel as deflate matches, no search) into larger files: for images written by the
    /// thousand and looked at once, such as the diffs of a folder comparison's report.
    package func fastPNGBytes() throws(RGBAImageError) -> [UInt8] {
        try pngBytes(compression: SHAPETURNS_PNG_RUNS)
    }

    private func pngBytes(compression: shapeturns_png_compression) throws(RGBAImageError) -> [UInt8] {
        guard width > 0, height > 0 else {
            throw RGBAImageError(.sizeOutOfRange(width: width, height: height))
        }
        let capacity = shapeturns_png_encode_bound(UInt32(width), UInt32(height))
        var written = 0
        var status = SHAPETURNS_PNG_ENCODE_OK
        let bytes = pixels.withUnsafeBytes { source in
            [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                status = shapeturns_png_encode_layout(
                    source.baseAddress?.assumingMemoryBound(to: UInt8.self), width * 4, UInt32(width), UInt32(height),
                    SHAPETURNS_PNG_STRAIGHT_RGBA, compression, buffer.baseAddress, capacity, &written
                )
                count = status == SHAPETURNS_PNG_ENCODE_OK ? written : 0
            }
        }
        guard status == SHAPETURNS_PNG_ENCODE_OK else {
            throw RGBAImageError(.encodingFailed(status: Int(status.rawValue)))
        }
        return bytes
    }

    private static func check(_ status: shapeturns_png_status, _ info: shapeturns_png_info, maximumSide: Int)
        throws(PNGDecodingError)
    {
        switch status {
        case SHAPETURNS_PNG_OK:
            return
        case SHAPETURNS_PNG_NOT_PNG:
            throw .notPNG
        case SHAPETURNS_PNG_TOO_LARGE:
            throw .tooLarge(width: Int(info.width), height: Int(info.height), maximumSide: maximumSide)
        default:
            throw .corrupt(reason: message(info))
        }
    }

    private static func message(_ info: shapeturns_png_info) -> String {
        withUnsafeBytes(of: info.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "libpng could not decode it" : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Cairo's ARGB32 (premultiplied) to packed straight RGBA.
    package static func unpremultiply(_ argb: UInt32) -> UInt32 {
        let alpha = argb >> 24
        switch alpha {
        case 0:
            return 0
        case 255:
            return (argb >> 16 & 0xFF) | (argb & 0xFF00) | (argb & 0xFF) << 16 | 0xFF00_0000
        default:
            let half = alpha / 2
            // Cairo stores the result in a byte, so an invalid channel above alpha wraps there too.
            let red = ((argb >> 16 & 0xFF) * 255 + half) / alpha & 0xFF
            let green = ((argb >> 8 & 0xFF) * 255 + half) / alpha & 0xFF
            let blue = ((argb & 0xFF) * 255 + half) / alpha & 0xFF
            return red | green << 8 | blue << 16 | alpha << 24
        }
    }

    /// Packed straight RGBA to Cairo's ARGB32, rounding as Cairo's PNG reader does.
    package static func premultiply(_ rgba: UInt32) -> UInt32 {
        let alpha = rgba >> 24
        switch alpha {
        case 0:
            return 0
        case 255:
            return (rgba & 0xFF) << 16 | (rgba & 0xFF00) | (rgba >> 16 & 0xFF) | 0xFF00_0000
        default:
            func multiply(_ channel: UInt32) -> UInt32 {
                let product = alpha * channel + 0x80
                return (product + (product >> 8)) >> 8
            }
            return multiply(rgba & 0xFF) << 16 | multiply(rgba >> 8 & 0xFF) << 8 | multiply(rgba >> 16 & 0xFF) | alpha
                << 24
        }
    }
}
