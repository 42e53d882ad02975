import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The answer key of one printed sheet, as embedded in a worksheet PDF: whose sheet it is, its
/// code and seed, and the right answers as one letter a turn.
package struct SheetKey: Sendable, Equatable, Codable {
    /// The student's position on the roster; `nil` for a sheet made without `--class`.
    package var number: Int?
    /// The student's name; `nil` for a sheet made without `--class`.
    package var student: String?
    /// The code printed in the sheet's footer (`SheetCode`).
    package var code: String
    /// The seed of this sheet's turns (a student's own, derived from the worksheet's seed).
    package var seed: UInt64
    /// The larger shape of turn `n` is the letter at position `n` (1-based): `"abba…"`.
    package var answers: String

    package init(number: Int? = nil, student: String? = nil, code: String, seed: UInt64, answers: [ShapeLabel]) {
        self.number = number
        self.student = student
        self.code = code
        self.seed = seed
        self.answers = String(answers.map { Character($0.rawValue) })
    }

    /// The answers as labels; `nil` when a letter is not `a` or `b`.
    package var labels: [ShapeLabel]? {
        let labels = answers.compactMap { ShapeLabel(rawValue: String($0)) }
        return labels.count == answers.count ? labels : nil
    }
}
