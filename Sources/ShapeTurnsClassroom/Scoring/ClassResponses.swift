import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// A class's answers as read from one CSV file, in either form a teacher has them:
///
/// - long: a header naming `student`, `turn` and `choice` (or `answer`) columns, one answer a row;
/// - wide: a header naming a `student` (or `name`) column and one column per turn (`1`, `2`, …;
///   `Q1` and `Turn 1` also do), one student a row.
///
/// A student is named by their name, their sheet code (`K7QX-M2PD`) or their roster number
/// (`#3`, or `Ana Lima #3`). Beside a name column, a `sheet` (or `code`) column may carry the
/// code printed in each sheet's footer and on the class key, so the answers can be checked
/// against the key's sheets. Choices are `a` or `b` in any case; an empty cell is a blank. A
/// wide row with fewer cells than the header is reported, its missing turns counted blank.
/// Spaces around cells, a BOM, CRLF and quoted names are fine. A row that cannot be read is
/// kept as a `ScoringProblem` with its line; the rest is read. A long form's `flag` column (what
/// `scan --responses` writes) is read for one thing: a row with no choice whose flag starts
/// `not read` is a turn whose page the scanner did not read (`unreadTurns`).
package struct ClassResponses: Sendable {
    package enum Form: String, Sendable, Codable {
        case long
        case wide
    }

    /// One row's answers: a wide row holds a student's whole sheet, a long row one answer.
    package struct Row: Sendable {
        package let student: String
        package let line: Int
        package let responses: [Response]
        /// The sheet code the row's `sheet` column gives, when there is one beside a name column.
        package var sheet: String? = nil

        package init(student: String, line: Int, responses: [Response], sheet: String? = nil) {
            self.student = student
            self.line = line
            self.responses = responses
            self.sheet = sheet
        }
    }

    package static let nameColumns = ["student", "name", "student name", "full name", "pupil"]
    package static let sheetColumns = ["sheet", "code", "sheet code"]
    package static let studentColumns = nameColumns + sheetColumns
    package static let turnColumnNames = ["turn", "question", "item", "q"]
    package static let choiceColumns = ["choice", "answer", "response"]
    /// The long form's column that says why a turn needs the teacher (`scan --responses` writes it).
    package static let flagColumn = "flag"
    /// The start of a flag of a turn whose page the scanner did not read: such a turn with no
    /// choice is not graded (`unreadTurns`) until the teacher decides it.
    package static let notReadPrefix = "not read"

    /// A long-form row with no choice whose flag says its page was not read (`notReadPrefix`).
    package struct UnreadTurn: Sendable, Equatable {
        package let student: String
        package let turn: Int
        package let line: Int
    }

    package let form: Form
    package let rows: [Row]
    /// The first `ScoringProblemList.keptLimit` problems, in line order.
    package var problems: [ScoringProblem]
    /// How many problems there were in all.
    package var problemCount: Int
    /// Wide form: the turn of each turn column, in the order of the columns; empty for the long form.
    package let turnColumns: [Int]
    /// Long form: the turns not read from the scans and not yet decided, which `ClassScorer` refuses to grade.
    package private(set) var unreadTurns: [UnreadTurn] = []

    /// The largest answers file read at all: a class of 500 students' 10,000-turn sheets in the
    /// wide form (10 MB), or about a million answers in the long form. Reading it takes at most
    /// a few hundred MB (docs/errors.md has the measured figure).
    package static let sizeLimit = 16 << 20
    /// The bytes one answer may take in a file: a long-form row of a 60-character name (up to
    /// 4 bytes a character in UTF-8, quoted), a turn number and a choice, with room to spare.
    package static let answerSizeLimit = 512
    /// The bytes of a header and blank lines a file may have besides its answers.
    package static let headerSizeLimit = 64 << 10

    /// Reads the file at `file`, refusing one longer than `sizeLimit` bytes (65) before reading
    /// it; fails only when nothing in it can be read (no header, not text).
    package init(contentsOf file: URL, sizeLimit: Int = Self.sizeLimit) throws(ShapeTurnsError) {
        var status = stat()
        guard stat(EscapedBytes.cString(file.path), &status) == 0, status.st_mode & S_IFMT != S_IFDIR,
            let data = try Optional(
                Data(BoundedFileReader.read(file.path, limit: sizeLimit, describedAs: "\(.classAnswers, file.path)")))
        else {
            throw .missingInput(
                "\(.classAnswers, file.path)",
                because:
                    "no such readable file; expected a class's answers as CSV (student,turn,choice or student,1,2,...)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .badData(location: file.path, reason: "not UTF-8 text; export the sheet as CSV UTF-8")
        }
        try self.init(parsing: text, source: file.path)
    }

    /// Long-form answers handed over as values (what `scan` read), one row an answer, with no
    /// text to parse and so no problems.
    package init(long rows: [Row]) {
        form = .long
        self.rows = rows
        problems = []
        problemCount = 0
        turnColumns = []
    }

    package init(parsing text: String, source: String) throws(ShapeTurnsError) {
        let records = try CSVReader.records(in: text, source: source).filter { !$0.isBlank }
        let expected =
            "expected a header naming a student column, then turn and choice columns (long form) or one column per turn 1, 2, ... (wide form)"
        guard let header = records.first else {
            throw .badData(location: source, reason: "no answers; \(expected)")
        }
        let names = header.fields.map { Student.canonical($0).lowercased() }
        let nameColumn = names.firstIndex(where: { Self.nameColumns.contains($0) })
        let codeColumn = names.firstIndex(where: { Self.sheetColumns.contains($0) })
        let sheetColumn = nameColumn == nil ? nil : codeColumn
        guard let studentColumn = nameColumn ?? codeColumn else {
            throw .badData(
                location: "\(source) line \(header.line)",
                reason: "\(expected) (got '\(BoundedFileReader.excerpt(header.fields.joined(separator: ",")))')")
        }
        var rows: [Row] = []
        var unreadRows: [UnreadTurn] = []
        var problems = ScoringProblemList()
        func sheet(_ cells: [String]) -> String? {
            guard let sheetColumn, sheetColumn < cells.count, !cells[sheetColumn].isEmpty else { return nil }
            return cells[sheetColumn]
        }
        if let turnColumn = names.firstIndex(where: { Self.turnColumnNames.contains($0) }),
            let choiceColumn = names.firstIndex(where: { Self.choiceColumns.contains($0) })
        {
            form = .long
            turnColumns = []
            let flagColumn = names.firstIndex(of: Self.flagColumn)
            for record in records.dropFirst() {
                let cells = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
                let cell = { (column: Int) in column < cells.count ? cells[column] : "" }
                guard cells.count > max(studentColumn, turnColumn, choiceColumn) else {
                    problems.append(
                        ScoringProblem(
                            line: record.line,
                            message: "expected \(names.count) fields like the header, got \(cells.count); not scored"))
                    continue
                }
                if let extra = Self.extraCells(cells, header: names.count) {
                    problems.append(
                        ScoringProblem(
                            line: record.line,
                            message: "more fields than the header ('\(BoundedFileReader.excerpt(extra))'); not scored"))
                    continue
                }
                let student = Student.canonical(cell(studentColumn))
                guard !student.isEmpty else {
                    problems.append(
                        ScoringProblem(line: record.line, message: "no student named (expected student,turn,choice)"))
                    continue
                }
                guard let turn = Int(cell(turnColumn)), turn >= 1 else {
                    problems.append(
                        ScoringProblem(
                            line: record.line,
                            message:
                                "turn '\(BoundedFileReader.excerpt(cell(turnColumn)))' is not a turn number (1, 2, 3, ...)"
                        ))
                    continue
                }
                switch Self.choice(cell(choiceColumn)) {
                case .success(let choice):
                    if choice == nil, let flagColumn, cell(flagColumn).hasPrefix(Self.notReadPrefix) {
                        unreadRows.append(UnreadTurn(student: student, turn: turn, line: record.line))
                    }
                    rows.append(
                        Row(
                            student: student, line: record.line,
                            responses: [Response(turn: turn, choice: choice, line: record.line)], sheet: sheet(cells)))
                case .failure(let problem):
                    problems.append(ScoringProblem(line: record.line, message: "turn \(turn): \(problem.message)"))
                }
            }
        } else {
            form = .wide
            var columns: [(index: Int, turn: Int)] = []
            for (index, name) in names.enumerated() where index != studentColumn && index != sheetColumn {
                if let turn = Self.turnNumber(name) { columns.append((index, turn)) }
            }
            guard !columns.isEmpty else {
                throw .badData(
                    location: "\(source) line \(header.line)",
                    reason: "\(expected) (got '\(BoundedFileReader.excerpt(header.fields.joined(separator: ",")))')")
            }
            var seen: [Int: Int] = [:]
            for column in columns {
                if seen[column.turn] != nil {
                    problems.append(
                        ScoringProblem(
                            line: header.line, message: "turn \(column.turn) has two columns; the second is not scored")
                    )
                }
                seen[column.turn, default: 0] += 1
            }
            turnColumns = columns.map(\.turn)
            var used: Set<Int> = []
            let firstColumns = columns.filter { used.insert($0.turn).inserted }
            for record in records.dropFirst() {
                let cells = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
                let student = Student.canonical(studentColumn < cells.count ? cells[studentColumn] : "")
                guard !student.isEmpty else {
                    problems.append(
                        ScoringProblem(
                            line: record.line,
                            message:
                                "no student named in the \(header.fields[studentColumn]) column; the row is not scored")
                    )
                    continue
                }
                if let extra = Self.extraCells(cells, header: names.count) {
                    problems.append(
                        ScoringProblem(
                            line: record.line,
                            message:
                                "more fields than the header ('\(BoundedFileReader.excerpt(extra))'); the row is not scored"
                        ))
                    continue
                }
                let missing = firstColumns.filter { $0.index >= cells.count }.map(\.turn)
                if !missing.isEmpty {
                    problems.append(
                        ScoringProblem(
                            line: record.line,
                            message:
                                "\(BoundedFileReader.excerpt(student))'s row has \(cells.count) fields, the header \(names.count); turn\(missing.count == 1 ? "" : "s") \(Self.turnList(missing)) counted blank: a cell was lost (write an empty cell for a blank)"
                        ))
                }
                var responses: [Response] = []
                var unread: [(turn: Int, cell: String, problem: ChoiceProblem)] = []
                for column in firstColumns {
                    let cell = column.index < cells.count ? cells[column.index] : ""
                    switch Self.choice(cell) {
                    case .success(let choice):
                        responses.append(Response(turn: column.turn, choice: choice, line: record.line))
                    case .failure(let problem):
                        unread.append((column.turn, cell, problem))
                    }
                }
                // A row's bad cells are one problem of its line, said once.
                if let first = unread.first {
                    let name = BoundedFileReader.excerpt(student)
                    let message =
                        unread.count == 1
                        ? "\(name), turn \(first.turn): \(first.problem.message); counted blank"
                        : "\(name), turns \(Self.turnList(unread.map(\.turn))): choices \(Self.cellList(unread.map(\.cell))) must each be a, b or empty (blank); counted blank"
                    problems.append(ScoringProblem(line: record.line, message: message))
                }
                rows.append(Row(student: student, line: record.line, responses: responses, sheet: sheet(cells)))
            }
        }
        self.rows = rows
        unreadTurns = unreadRows
        self.problems = problems.kept
        problemCount = problems.count
    }

    /// `3`, `3 and 4`, `3 to 7`.
    package static func turnList(_ turns: [Int]) -> String {
        guard let first = turns.first, let last = turns.last else { return "" }
        if turns.count == 1 { return String(first) }
        if last - first + 1 == turns.count { return "\(first) to \(last)" }
        return turns.map(String.init).joined(separator: ", ")
    }

    /// `'x', 'y' and 'z'`: the cells quoted, the first five, then how many more.
    package static func cellList(_ cells: [String]) -> String {
        var quoted = cells.prefix(5).map { "'\(BoundedFileReader.excerpt($0))'" }
        if cells.count > quoted.count {
            quoted.append("\(cells.count - quoted.count) more")
        }
        guard let last = quoted.popLast() else { return "" }
        return quoted.isEmpty ? last : quoted.joined(separator: ", ") + " and " + last
    }

    /// The first non-empty cell past the header's columns, if any.
    package static func extraCells(_ cells: [String], header: Int) -> String? {
        cells.dropFirst(header).first { !$0.isEmpty }
    }

    package struct ChoiceProblem: Error {
        let message: String
    }

    package static func choice(_ cell: String) -> Result<ShapeLabel?, ChoiceProblem> {
        let text = cell.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .success(nil) }
        guard let label = ShapeLabel(rawValue: text.lowercased()) else {
            return .failure(
                ChoiceProblem(message: "choice '\(BoundedFileReader.excerpt(text))' must be a, b or empty (blank)"))
        }
        return .success(label)
    }

    /// The turn a wide header names: `7`, `Q7`, `Turn 7`, `Question 7`, `#7`, `T7`.
    package static func turnNumber(_ header: String) -> Int? {
        var text = Substring(header)
        for prefix in ["question", "turn", "item", "q", "t", "#"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1 else { return nil }
        return number
    }
}
