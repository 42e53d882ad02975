/// Why an `RGBAImage` could not be made or encoded.
///
/// A struct over an internal code, so that new reasons can be added without breaking a client's
/// `switch`; compare with the static values or read `description`.
public struct RGBAImageError: Error, Equatable, CustomStringConvertible {
    enum Code: Equatable {
        case sizeOutOfRange(width: Int, height: Int)
        case pixelCountMismatch(width: Int, height: Int, count: Int)
        case encodingFailed(status: Int)
    }

    let code: Code

    init(_ code: Code) {
        self.code = code
    }

    public var description: String {
        switch code {
        case .sizeOutOfRange(let width, let height):
            "a \(width)x\(height) image is out of range: each side must be 0 to \(RGBAImage.maximumSide) pixels (at least 1 to encode)"
        case .pixelCountMismatch(let width, let height, let count):
            "a \(width)x\(height) image needs \(width * height) pixels, not \(count)"
        case .encodingFailed(let status):
            "the PNG encoder failed (status \(status))"
        }
    }
}
