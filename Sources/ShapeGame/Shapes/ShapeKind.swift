/// The name of a kind of shape, as it appears on the command line and in answer keys.
///
/// Kinds are open: a new kind is a new value plus its registration, not a new enum case.
public struct ShapeKind: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A square; `proportion` is its side.
    public static let square = ShapeKind(rawValue: "square")
    /// A circle; `proportion` is its diameter.
    public static let circle = ShapeKind(rawValue: "circle")
    /// An equilateral triangle, point up; `proportion` is its side.
    public static let triangle = ShapeKind(rawValue: "triangle")
    /// A regular five-pointed star; `proportion` is the diameter of the circle through its points.
    public static let star = ShapeKind(rawValue: "star")
    /// A regular hexagon, corners left and right; `proportion` is its corner-to-corner width.
    public static let hexagon = ShapeKind(rawValue: "hexagon")

    public var description: String { rawValue }

    public static func < (lhs: ShapeKind, rhs: ShapeKind) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
