/// Why PNG bytes could not be decoded into an `RGBAImage`.
public enum PNGDecodingError: Error, Equatable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature (an empty file, text, another format).
    case notPNG
    /// The PNG is damaged: a bad chunk or checksum, or a file that ends too early; `reason` is libpng's.
    case corrupt(reason: String)
    /// A side is above `maximumSide`; refused before any pixel memory is allocated.
    case tooLarge(width: Int, height: Int, maximumSide: Int)

    public var description: String {
        switch self {
        case .notPNG:
            "not a PNG file"
        case .corrupt(let reason):
            "corrupt PNG: \(reason)"
        case .tooLarge(let width, let height, let maximumSide):
            "a \(width)x\(height) image is too large: each side must be at most \(maximumSide) pixels"
        }
    }
}
