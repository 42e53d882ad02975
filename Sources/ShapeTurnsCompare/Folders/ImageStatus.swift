import PixelDiff
import ShapeTurnsCore

/// What a folder comparison found for one image path.
package enum ImageStatus: String, Sendable, Codable, CaseIterable {
    /// In both folders and equal within the tolerance.
    case passed
    /// In both folders but different: pixels beyond the tolerance, the size, or an image that
    /// cannot be read or decoded (the reason says which).
    case changed
    /// Only in the actual folder.
    case new
    /// Only in the expected folder.
    case missing

    /// Whether this status fails the run; `new` does unless new images are allowed.
    package func fails(allowingNew allowNew: Bool) -> Bool {
        switch self {
        case .passed: false
        case .changed, .missing: true
        case .new: !allowNew
        }
    }
}
