import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// A class's list of students, read from a text file (one name a line) or a CSV file with a
/// `name` (or `student`) column, as a spreadsheet exports it: BOM, CRLF and quoted names are
/// fine. Blank lines and lines starting with `#` in a text file are skipped, and so is a first
/// line that is only a column heading (`Name`); a CSV file of one column needs no heading.
///
/// A text file that is a spreadsheet's export saved as `.txt` (tabs, a header row naming a name
/// column among others, or a comma ending every line) is read as CSV, so nobody is called
/// "Name Group" or "Ana,". A first line made only of heading words (`Name Group`, `Students:`)
/// that cannot be read that way is refused rather than taken for a student.
package struct Roster: Sendable, Equatable {
    package static let studentLimit = 500
    package static let nameLengthLimit = 60
    /// Header names accepted for the column of names in a CSV roster.
    package static let nameColumns = ["name", "student", "student name", "full name"]

    package let students: [Student]

    package init(students: [Student]) {
        self.students = students
    }

    /// Reads `file`; errors name the file, the line and what was expected.
    package init(contentsOf file: URL, parameter: Parameter = .classRoster) throws(ShapeTurnsError) {
        var isFolder: ObjCBool = false
        // A roster of names is small; 4 MB bounds memory whatever the file is.
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = try Optional(
                Data(BoundedFileReader.read(file.path, limit: 4 << 20, describedAs: "\(parameter, file.path)")))
        else {
            throw .missingInput(
                "\(parameter, file.path)",
                because:
                    "no such readable file; expected a roster, one name a line (.txt) or a CSV file with a name column")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .badData(
                location: file.path, reason: "not UTF-8 text; save the roster as UTF-8 (CSV UTF-8 in a spreadsheet)")
        }
        let isCSV = file.pathExtension.lowercased() == "csv" || Self.looksLikeCSV(text)
        try self.init(parsing: text, source: file.path, isCSV: isCSV)
    }

    /// Words a column heading is made of, never a whole name.
    package static let headingWords: Set<String> = [
        "name", "names", "student", "students", "pupil", "pupils", "full", "first", "last", "surname", "given",
        "family", "group", "class", "id", "no", "number", "email", "grade", "year", "form", "roster", "list",
    ]

    /// Whether a text roster is a CSV export: it has tabs, its first line names a name column
    /// among other columns, or every line ends with a separator.
    package static func looksLikeCSV(_ text: String) -> Bool {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard let first = lines.first else { return false }
        if lines.contains(where: { $0.contains("\t") }) { return true }
        if lines.allSatisfy({ $0.hasSuffix(",") || $0.hasSuffix(";") }) { return true }
        let header = (try? CSVReader.records(in: String(first), source: "")).flatMap { $0.first?.fields } ?? []
        return header.count > 1 && header.contains { nameColumns.contains(Student.canonical($0).lowercased()) }
    }

    /// Whether `line` is made only of heading words (`Name Group`, `Students:`); a line with a
    /// digit (`Student 1`) is a name.
    package static func isHeading(_ line: String) -> Bool {
        guard !line.contains(where: \.isNumber) else { return false }
        let words = line.lowercased().split { !$0.isLetter }.map(String.init)
        return !words.isEmpty && words.allSatisfy { headingWords.contains($0) }
    }

    /// Reads a roster's text; `isCSV` chooses the CSV form, else one name a line.
    package init(parsing text: String, source: String, isCSV: Bool) throws(ShapeTurnsError) {
        var names: [(name: String, line: Int)] = []
        if isCSV {
            // A comma or tab ending every row adds an empty column, not a second field of the name.
            let records = try CSVReader.records(in: text, source: source).filter { !$0.isBlank }.map { record in
                var fields = record.fields
                while fields.count > 1, fields.last?.trimmingCharacters(in: .whitespaces) == "" {
                    fields.removeLast()
                }
                return CSVReader.Record(line: record.line, fields: fields)
            }
            guard let header = records.first else {
                throw .badData(
                    location: source,
                    reason: "no students: expected a header with a name column, then one student a row")
            }
            let columns = header.fields.map { Student.canonical($0).lowercased() }
            if !columns.contains(where: { Self.nameColumns.contains($0) }), records.allSatisfy({ $0.fields.count == 1 })
            {
                names = records.map { ($0.fields[0], $0.line) }
            } else if let column = columns.firstIndex(where: { Self.nameColumns.contains($0) }) {
                for record in records.dropFirst() {
                    let name = column < record.fields.count ? record.fields[column] : ""
                    names.append((name, record.line))
                }
            } else {
                throw .badData(
                    location: "\(source) line \(header.line)",
                    reason:
                        "the header must name a column name or student (got '\(BoundedFileReader.excerpt(header.fields.joined(separator: ",")))')"
                )
            }
        } else {
            var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                if names.isEmpty, Self.isHeading(trimmed) {
                    let heading = Student.canonical(trimmed).lowercased().filter { $0.isLetter || $0 == " " }
                    guard Self.nameColumns.contains(heading) || ["names", "students"].contains(heading) else {
                        throw .badData(
                            location: "\(source) line \(index + 1)",
                            reason:
                                "'\(trimmed)' looks like a column heading, not a student; remove the line, or save the roster as CSV with a name column"
                        )
                    }
                    continue
                }
                names.append((line, index + 1))
            }
        }
        var students: [Student] = []
        for (raw, line) in names {
            let name = Student.canonical(raw)
            guard !name.isEmpty else {
                throw .badData(
                    location: "\(source) line \(line)", reason: "the name is empty; remove the row or write the name")
            }
            if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                let code = String(format: "U+%04X", control.value)
                throw .badData(
                    location: "\(source) line \(line)",
                    reason:
                        "the name holds \(control == "\0" ? "a NUL byte (U+0000)" : "a control character (\(code))"); a name is plain text on one line"
                )
            }
            guard name.count <= Self.nameLengthLimit else {
                throw .badData(
                    location: "\(source) line \(line)",
                    reason: "a name must be 1 to \(Self.nameLengthLimit) characters on one line (got \(name.count))")
            }
            students.append(Student(number: students.count + 1, name: name))
        }
        guard !students.isEmpty else {
            throw .badData(
                location: source, reason: "no students: expected one name a line, or a CSV file with a name column")
        }
        guard students.count <= Self.studentLimit else {
            throw .badData(
                location: source, reason: "a class can have 1 to \(Self.studentLimit) students (got \(students.count))")
        }
        self.students = students
    }
}
