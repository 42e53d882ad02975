import ShapeGame

/// One student's line in a class's answer keys: who, which version of the sheet, and the
/// larger shape of each of their turns.
public struct ClassKeyEntry: Sendable, Equatable {
    /// The student's position on the roster (1-based).
    public let number: Int
    public let student: String
    /// The code printed in the footer of the student's sheet.
    public let sheetCode: String
    /// The right answer of turn `n` is `answers[n - 1]`.
    public let answers: [ShapeLabel]

    public init(number: Int, student: String, sheetCode: String, answers: [ShapeLabel]) {
        self.number = number
        self.student = student
        self.sheetCode = sheetCode
        self.answers = answers
    }
}
