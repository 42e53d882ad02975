/// A line of a class's answers that could not be used, and why; the rest is still scored.
public struct ScoringProblem: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The 1-based line of the answers file.
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
