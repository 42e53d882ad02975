/// Why PNG bytes could not be decoded into an `RGBAImage`.
public struct PNGDecodingError: Error, Equatable, CustomStringConvertible {
    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case notPNG
        case corrupt(reason: String)
        case tooLarge(width: Int, height: Int, maximumSide: Int)
        case tooManyPixels(width: Int, height: Int, maximumPixels: Int)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// The bytes do not start with the PNG signature (an empty file, text, another format).
    public static var notPNG: PNGDecodingError { PNGDecodingError(.notPNG) }

    /// The PNG is damaged: a bad chunk or checksum, or a file that ends too early; `reason` is libpng's.
    public static func corrupt(reason: String) -> PNGDecodingError {
        PNGDecodingError(.corrupt(reason: reason))
    }

    /// A side is above `maximumSide`; refused before any pixel memory is allocated.
    public static func tooLarge(width: Int, height: Int, maximumSide: Int) -> PNGDecodingError {
        PNGDecodingError(.tooLarge(width: width, height: height, maximumSide: maximumSide))
    }

    /// The image has more pixels than `maximumPixels` (the memory it would need decoded);
    /// refused before any pixel memory is allocated.
    public static func tooManyPixels(width: Int, height: Int, maximumPixels: Int) -> PNGDecodingError {
        PNGDecodingError(.tooManyPixels(width: width, height: height, maximumPixels: maximumPixels))
    }

    public var description: String {
        switch code {
        case .notPNG:
            "not a PNG file"
        case .corrupt(let reason):
            "corrupt PNG: \(reason)"
        case .tooLarge(let width, let height, let maximumSide):
            "a \(width)x\(height) image is too large: each side must be at most \(maximumSide) pixels"
        case .tooManyPixels(let width, let height, let maximumPixels):
            "a \(width)x\(height) image is too large: its \(width * height) pixels are above the \(maximumPixels) allowed"
        }
    }
}
