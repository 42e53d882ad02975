import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// One sheet's answer key, ready to score against: whose it is (for a class) and its turns.
package struct KeyedSheet: Sendable {
    /// The student's roster position; `nil` for a sheet without a roster.
    package let number: Int?
    package let student: String?
    /// The code printed in the sheet's footer; `nil` for a set's key.
    package let code: String?
    /// Turn `n` is `turns[n - 1]`.
    package let turns: [Turn]

    package init(number: Int? = nil, student: String? = nil, code: String? = nil, turns: [Turn]) {
        self.number = number
        self.student = student
        self.code = code
        self.turns = turns
    }

    /// The sheet as a key records it, one letter a turn: each turn is known only by which
    /// shape is the larger (its shapes stand in with areas 1 and ½), which is all scoring needs.
    package init(_ key: SheetKey, labels: [ShapeLabel], kind: ShapeKind) {
        self.init(
            number: key.number, student: key.student, code: key.code,
            turns: labels.enumerated().map { index, larger in
                Turn(
                    number: index + 1,
                    shapeA: RecordedShape(kind: kind, proportion: 0, area: larger == .a ? 1 : 0.5),
                    shapeB: RecordedShape(kind: kind, proportion: 0, area: larger == .b ? 1 : 0.5)
                )
            })
    }

    /// How the sheet is named in messages and tables: `Ana Lima (No. 3)`, or its code.
    package var label: String {
        if let student, let number { return "\(student) (No. \(number))" }
        return student ?? code ?? "the sheet"
    }
}
