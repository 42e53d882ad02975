import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Reads CSV as spreadsheets export it (RFC 4180): fields in double quotes may hold commas,
/// line breaks and doubled quotes; a byte-order mark is ignored; lines end in LF, CRLF or CR.
/// A file whose first line has no comma but has semicolons or tabs (a European or a "text"
/// export) is read with that separator. A cell ShapeTurns guarded against running as a
/// formula (`CSVField`) is read without its guard.
///
/// Written here rather than taken from a package: it is seventy lines, and it keeps the line
/// number where each record starts, which every message about a bad line needs.
package struct CSVReader {
    /// One record and the 1-based line of the file it starts on.
    package struct Record: Equatable {
        let line: Int
        let fields: [String]

        /// Whether every field is empty or spaces (a blank line, or `,,,`).
        var isBlank: Bool { fields.allSatisfy { $0.allSatisfy(\.isWhitespace) } }
    }

    /// The records of `text`. A quoted field that is never closed fails with `badData` naming
    /// `source` and the line the quote opened on, rather than taking every line after it into
    /// one field.
    package static func records(in text: String, source: String) throws(ShapeTurnsError) -> [Record] {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        let separator = Self.separator(of: scalars)
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 1
        var index = 0
        func endField() {
            fields.append(CSVField.unescaped(String(field)))
            field = String.UnicodeScalarView()
        }
        func endRecord() {
            endField()
            records.append(Record(line: recordLine, fields: fields))
            fields = []
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if quoted {
                if scalar == "\"" {
                    if index < scalars.count, scalars[index] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" || (scalar == "\r" && (index >= scalars.count || scalars[index] != "\n")) {
                        line += 1
                    }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where String(field).allSatisfy(\.isWhitespace):
                field = String.UnicodeScalarView()
                quoted = true
                quoteLine = line
            case separator:
                endField()
            case "\r", "\n":
                if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(scalar)
            }
        }
        guard !quoted else {
            throw .badData(
                location: "\(source) line \(quoteLine)",
                reason:
                    "a quoted field opened on this line is never closed; add the closing \" (or double the quote: \"\")"
            )
        }
        if !field.isEmpty || !fields.isEmpty {
            endRecord()
        }
        return records
    }

    private static func separator(of scalars: [Unicode.Scalar]) -> Unicode.Scalar {
        let firstLine = scalars.prefix { $0 != "\n" && $0 != "\r" }
        guard !firstLine.contains(",") else { return "," }
        if firstLine.contains(";") { return ";" }
        if firstLine.contains("\t") { return "\t" }
        return ","
    }
}
