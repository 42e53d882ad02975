/// A file format a shape image can be written in.
public enum ImageFormat: String, Sendable, Codable, CaseIterable, Comparable {
    /// PNG: 8-bit RGBA pixels.
    case png
    /// SVG: the same drawing as vector paths.
    case svg

    /// The file extension, without the dot.
    package var fileExtension: String { rawValue }

    public static func < (lhs: ImageFormat, rhs: ImageFormat) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
