/// Which of a turn's two shapes: `a` is shown first (left or top), `b` second.
public enum ShapeLabel: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Shape A: the first of a turn's two shapes (left on a worksheet).
    case a
    /// Shape B: the second of a turn's two shapes.
    case b

    public var description: String { rawValue }

    /// The other shape's label.
    package var other: ShapeLabel { self == .a ? .b : .a }
}
