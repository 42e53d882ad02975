import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

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

    /// How many problems a command prints before it sums up the rest in one line: a file whose
    /// every line is wrong must not turn into as many lines of stderr.
    package static let shownLimit = 10

    /// The lines a command prints for `problems` of `file`: the first `shownLimit`, then one
    /// line counting the others ("and 99,990 more") of `count` in all.
    package static func report(_ problems: [ScoringProblem], count: Int, of file: String) -> [String] {
        var lines = problems.prefix(shownLimit).map { "\(file) \($0)" }
        if count > lines.count {
            lines.append(
                "\(file): and \(grouped(count - lines.count)) more problems like these; fix the ones above and score again"
            )
        }
        return lines
    }

    /// `value` with a comma between each group of three digits: 99,990.
    package static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
