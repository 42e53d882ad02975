import PixelDiff

/// Why a PNG snapshot could not be compared at all; the description is the test's failure message.
enum SnapshotComparisonError: Error, CustomStringConvertible {
    /// A threshold or tolerance given to the strategy is out of range.
    case invalidParameter(ComparisonError)
    /// The reference or the new snapshot is not a usable PNG.
    case undecodable(role: String, PNGDecodingError)

    var description: String {
        switch self {
        case .invalidParameter(let error):
            "The image snapshot strategy was given a bad parameter: \(error.description)."
        case .undecodable(let role, let error):
            "The \(role) is not a usable PNG: \(error.description)."
        }
    }
}
