import ShapeGame

/// One student's line in a class's answer keys: who, which version of the sheet, and the
/// larger shape of each of their turns.
package struct ClassKeyEntry: Sendable, Equatable {
    /// The student's position on the roster (1-based).
    package let number: Int
    package let student: String
    /// The code printed in the footer of the student's sheet.
    package let sheetCode: String
    /// The right answer of turn `n` is `answers[n - 1]`.
    package let answers: [ShapeLabel]
    /// Printed after the sheet code: how hard the sheet is (its area ratios), or nothing.
    package let note: String

    package init(number: Int, student: String, sheetCode: String, answers: [ShapeLabel], note: String = "") {
        self.number = number
        self.student = student
        self.sheetCode = sheetCode
        self.answers = answers
        self.note = note
    }
}
