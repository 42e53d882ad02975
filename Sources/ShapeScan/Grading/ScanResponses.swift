import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// What a scan read, as the long-form responses `score --class` reads:
/// `student,sheet,turn,choice,flag`, one turn a row.
///
/// The student is named as the roster names them (the name the gradebook prints), so a teacher
/// reads names, not codes; a name two students share is written with its roster number
/// (`Ana Lima #3`), which `score --class` tells apart. The `sheet` column carries the code read
/// off the page, which `score --class` checks against the key. A flagged turn has an empty
/// choice and says why in `flag`: the teacher types the choice, or decides it on the review page,
/// and scores again. Every turn of every sheet some page of which was read is a row; a turn
/// whose page was not read has the flag `not read: WHY` (`NotRead`), and so has every turn of a
/// sheet none of whose pages was read when a refused page may be one of its.
package struct ScanResponses: Sendable {
    /// One turn read.
    package struct Row: Sendable, Equatable {
        /// The student as the gradebook names them (or the sheet code, for a key without names).
        package let student: String
        /// The sheet code printed on the page.
        package let sheet: String
        package let turn: Int
        /// `a`, `b`, or empty for a blank or a flagged turn.
        package let choice: String
        /// Why the turn needs the teacher; empty when it does not.
        package let flag: String
    }

    package static let header = "student,sheet,turn,choice,flag"

    package private(set) var rows: [Row] = []
    private let names: [String: String]

    /// Names the sheets of `key`: each student's roster name, with the roster number when the
    /// name is on more than one sheet.
    package init(key: ScoringKey) {
        var sheetsByName: [String: Int] = [:]
        for sheet in key.sheets { if let student = sheet.student { sheetsByName[student, default: 0] += 1 } }
        var names: [String: String] = [:]
        for sheet in key.sheets {
            guard let code = sheet.code else { continue }
            guard let student = sheet.student else {
                names[SheetCode.normalized(code)] = code
                continue
            }
            let shared = (sheetsByName[student] ?? 0) > 1
            names[SheetCode.normalized(code)] =
                shared ? "\(student) #\(sheet.number.map(String.init) ?? code)" : student
        }
        self.names = names
    }

    /// The name rows of the sheet with code `code` carry.
    package func student(of code: String) -> String {
        names[SheetCode.normalized(code)] ?? code
    }

    /// Adds what was read of turn `turn` of the sheet `code`.
    package mutating func append(code: String, turn: Int, choice: String, flag: String) {
        rows.append(Row(student: student(of: code), sheet: code, turn: turn, choice: choice, flag: flag))
    }

    /// The rows as the answers `score --class` reads from `csv`, with the line each has there, so
    /// the scorer gets values and says the same of them as of the file; but the turns not read
    /// (`NotRead`), which this gradebook counts as blanks (and absent, for a sheet none of whose
    /// pages was read) and `score --class` refuses until they are decided.
    package var classResponses: ClassResponses {
        ClassResponses(
            long: rows.enumerated().filter { !$0.element.flag.hasPrefix(NotRead.flagPrefix) }.map { index, row in
                let line = index + 2
                let choice = ShapeLabel(rawValue: row.choice)
                return ClassResponses.Row(
                    student: Student.canonical(row.student), line: line,
                    responses: [Response(turn: row.turn, choice: choice, line: line)],
                    sheet: row.sheet.isEmpty ? nil : row.sheet)
            })
    }

    /// The CSV text: the header, then a row a turn, in the order added; fields quoted as the
    /// gradebook quotes them.
    package var csv: String {
        var text = Self.header + "\n"
        for row in rows {
            text +=
                [row.student, row.sheet, String(row.turn), row.choice, row.flag].map { CSVField.escaped($0) }
                .joined(separator: ",") + "\n"
        }
        return text
    }
}
