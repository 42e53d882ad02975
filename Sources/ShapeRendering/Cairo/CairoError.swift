/// A failure reported by Cairo, or a request Cairo cannot be given safely.
public struct CairoError: Error, Equatable, CustomStringConvertible {
    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case failed(operation: String, status: String)
        case surfaceTooLarge(width: Int, height: Int, maximumSide: Int)
        case unreadablePNG(path: String, reason: String)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// A Cairo call returned a status other than success; `status` is Cairo's own wording.
    public static func failed(operation: String, status: String) -> CairoError {
        CairoError(.failed(operation: operation, status: status))
    }

    /// The surface would need more memory than ShapeTurns allows for one image.
    public static func surfaceTooLarge(width: Int, height: Int, maximumSide: Int) -> CairoError {
        CairoError(.surfaceTooLarge(width: width, height: height, maximumSide: maximumSide))
    }

    /// A PNG could not be read: missing, unreadable or not a PNG.
    public static func unreadablePNG(path: String, reason: String) -> CairoError {
        CairoError(.unreadablePNG(path: path, reason: reason))
    }

    public var description: String {
        switch code {
        case .failed(let operation, let status):
            "Cairo could not \(operation): \(status)"
        case .surfaceTooLarge(let width, let height, let maximumSide):
            "an image of \(width)x\(height) pixels is too large: each side must be 1 to \(maximumSide) pixels"
        case .unreadablePNG(let path, let reason):
            "cannot read PNG \(path): \(reason)"
        }
    }
}
