/// Which of a turn's two shapes: `a` is shown first (left or top), `b` second.
public enum ShapeLabel: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case a
    case b

    public var description: String { rawValue }
}
