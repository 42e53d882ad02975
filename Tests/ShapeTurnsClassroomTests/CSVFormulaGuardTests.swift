import Foundation
import ShapeTurnsCore
import Testing

@testable import ShapeTurnsClassroom

/// Names a spreadsheet would run as formulas leave ShapeTurns' CSVs as text, and come back
/// exactly when ShapeTurns reads its own CSVs (`score --class`).
@Suite("CSV cells guarded against formulas")
struct CSVFormulaGuardTests {
    static let names = ["=HYPERLINK(\"http://evil.example\",\"x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "'=x"]

    @Test func theGradebookWritesFormulasAsText() throws {
        let entries = Self.names.enumerated().map { index, name in
            Gradebook.Entry(
                number: index + 1, student: name, sheet: nil, handedIn: true, correct: 1, wrong: 0, blank: 0,
                turnCount: 1, percent: 100, streakPoints: 1, turns: [])
        }
        let rows = try CSVReader.records(in: Gradebook.csv(entries), source: "g.csv").dropFirst()
        #expect(rows.map { $0.fields[1] } == Self.names, "read back exactly")
        let text = Gradebook.csv(entries)
        for line in text.split(separator: "\r\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(cells[1].hasPrefix("\"'"), "\(line)")
        }
    }

    @Test func classAnswersWrittenGuardedAreReadAsTheNames() throws {
        let rows = Self.names.map { "\(CSVField.escaped($0)),1,a" }
        let parsed = try ClassResponses(
            parsing: "student,turn,choice\n" + rows.joined(separator: "\n") + "\n", source: "r.csv")
        #expect(parsed.rows.map(\.student) == Self.names)
    }
}
