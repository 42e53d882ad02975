/// A line of a class's answers that could not be used, and why; the rest is still scored.
package struct ScoringProblem: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The 1-based line of the answers file.
    package let line: Int
    package let message: String

    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    package var description: String { "line \(line): \(message)" }
}
