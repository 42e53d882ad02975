import CPNG

/// An image as straight (not premultiplied) 8-bit RGBA, the form a PNG decoder gives and the
/// form image comparison works on.
///
/// Each pixel is one `UInt32`, row by row, packed as `red | green << 8 | blue << 16 | alpha << 24`
/// (so on the little-endian machines Swift runs on, the bytes in memory are R, G, B, A).
/// Cairo keeps premultiplied ARGB instead; `init(surface:)` and `cairoSurface()` convert exactly
/// as Cairo's own PNG writer and reader do, so a surface compares like the PNG it would write.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    /// An image from packed pixels; `pixels.count` must be `width × height`.
    public init(width: Int, height: Int, pixels: [UInt32]) throws(CairoError) {
        guard width >= 0, height >= 0, pixels.count == width * height else {
            throw .failed(operation: "make a \(width)x\(height) image", status: "\(pixels.count) pixels given")
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
    public static func pack(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    /// Decodes PNG bytes: palettes and grey expanded to RGB, tRNS turned into alpha, 16-bit
    /// samples scaled to 8 bits with rounding, no gamma correction — what pixelmatch's own
    /// decoder (pngjs) gives, so comparisons count what pixelmatch counts. Well-formed 8-bit,
    /// non-interlaced files are inflated with libdeflate (several times faster than zlib);
    /// every other file, and every error message, is libpng's.
    public init(pngBytes bytes: [UInt8], maximumSide: Int = CairoSurface.maximumSide) throws(PNGDecodingError) {
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGDecodingError) in try RGBAImage(pngBuffer: buffer, maximumSide: maximumSide) }
        }
        self = try decoded.get()
    }

    /// Decodes PNG bytes in memory someone else owns (a file's `Data`), without copying them;
    /// otherwise as `init(pngBytes:maximumSide:)`.
    public init(pngBuffer buffer: UnsafeRawBufferPointer, maximumSide: Int = CairoSurface.maximumSide) throws(PNGDecodingError) {
        try self.init(pngBuffer: buffer, maximumSide: maximumSide, decoder: shapeturns_png_decode)
    }

    /// Decodes with libpng alone, never the libdeflate fast path: for tests that check both
    /// give the same pixels.
    static func decodedByLibPNG(_ bytes: [UInt8]) throws(PNGDecodingError) -> RGBAImage {
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGDecodingError) in
                try RGBAImage(pngBuffer: buffer, maximumSide: CairoSurface.maximumSide, decoder: shapeturns_png_decode_libpng)
            }
        }
        return try decoded.get()
    }

    private typealias Decoder = (
        UnsafePointer<UInt8>?, Int, UInt32, UnsafeMutablePointer<UInt32>?, Int, UnsafeMutablePointer<shapeturns_png_info>?
    ) -> shapeturns_png_status

    private init(pngBuffer buffer: UnsafeRawBufferPointer, maximumSide: Int, decoder: Decoder) throws(PNGDecodingError) {
        let limit = UInt32(clamping: maximumSide)
        let bytes = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var info = shapeturns_png_info()
        let header = decoder(bytes, buffer.count, limit, nil, 0, &info)
        try Self.check(header, info, maximumSide: maximumSide)
        let width = Int(info.width)
        let height = Int(info.height)
        var status = SHAPETURNS_PNG_OK
        // A quarter pixel per row more than the image: the decoder's working room (see CPNG.h).
        let capacity = width * height + (height + 3) / 4
        let pixels = [UInt32](unsafeUninitializedCapacity: capacity) { pixels, initialized in
            status = decoder(bytes, buffer.count, limit, pixels.baseAddress, pixels.count, &info)
            // On failure nothing is kept; on success libpng wrote every pixel (all passes when interlaced).
            initialized = status == SHAPETURNS_PNG_OK ? width * height : 0
        }
        try Self.check(status, info, maximumSide: maximumSide)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The straight RGBA of a Cairo image surface, unpremultiplied the way Cairo's PNG writer
    /// does it (`(c × 255 + alpha / 2) / alpha`, transparent pixels all zero).
    public init(surface: CairoSurface) throws(CairoError) {
        self.width = surface.width
        self.height = surface.height
        self.pixels = try surface.argbPixels().map(Self.unpremultiply)
    }

    /// The image as a Cairo surface (premultiplied the way Cairo's PNG reader does it), for
    /// encoding or drawing on.
    public func cairoSurface() throws(CairoError) -> CairoSurface {
        try CairoSurface.image(width: width, height: height, argbPixels: pixels.map(Self.premultiply))
    }

    /// The image encoded as PNG by Cairo's writer.
    public func pngBytes() throws(CairoError) -> [UInt8] {
        try cairoSurface().pngBytes()
    }

    private static func check(_ status: shapeturns_png_status, _ info: shapeturns_png_info, maximumSide: Int) throws(PNGDecodingError) {
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
    static func unpremultiply(_ argb: UInt32) -> UInt32 {
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
    static func premultiply(_ rgba: UInt32) -> UInt32 {
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
            return multiply(rgba & 0xFF) << 16 | multiply(rgba >> 8 & 0xFF) << 8 | multiply(rgba >> 16 & 0xFF) | alpha << 24
        }
    }
}
