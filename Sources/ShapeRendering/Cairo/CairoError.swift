/// A failure reported by Cairo, or a request Cairo cannot be given safely.
public enum CairoError: Error, Equatable, CustomStringConvertible {
    /// A Cairo call returned a status other than success; `status` is Cairo's own wording.
    case failed(operation: String, status: String)
    /// The surface would need more memory than ShapeTurns allows for one image.
    case surfaceTooLarge(width: Int, height: Int, maximumSide: Int)
    /// A PNG could not be read: missing, unreadable or not a PNG.
    case unreadablePNG(path: String, reason: String)

    public var description: String {
        switch self {
        case .failed(let operation, let status):
            "Cairo could not \(operation): \(status)"
        case .surfaceTooLarge(let width, let height, let maximumSide):
            "an image of \(width)x\(height) pixels is too large: each side must be 1 to \(maximumSide) pixels"
        case .unreadablePNG(let path, let reason):
            "cannot read PNG \(path): \(reason)"
        }
    }
}
