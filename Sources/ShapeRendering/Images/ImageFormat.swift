/// A file format a shape image can be written in.
public enum ImageFormat: String, Sendable, Codable, CaseIterable, Comparable {
    case png
    case svg

    public var fileExtension: String { rawValue }

    public static func < (lhs: ImageFormat, rhs: ImageFormat) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
