/// The name of a kind of shape, as it appears on the command line and in answer keys.
///
/// Kinds are open: a new kind is a new value plus its registration, not a new enum case.
public struct ShapeKind: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let square = ShapeKind(rawValue: "square")
    public static let circle = ShapeKind(rawValue: "circle")
    public static let triangle = ShapeKind(rawValue: "triangle")
    public static let star = ShapeKind(rawValue: "star")
    public static let hexagon = ShapeKind(rawValue: "hexagon")

    public var description: String { rawValue }

    public static func < (lhs: ShapeKind, rhs: ShapeKind) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
