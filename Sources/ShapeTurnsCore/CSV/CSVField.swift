import Foundation

/// One cell of every CSV ShapeTurns writes (gradebooks, answers, set indexes, scan responses):
/// quoted as RFC 4180 says when it holds a comma, a quote or a line break, or starts with a
/// space; and a cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a
/// tab or a carriage return, such as a player named `=HYPERLINK(...)`) gets a single quote in
/// front, inside the quotes, as OWASP's advice on CSV injection has it, so it shows as text.
/// Numbers (`-3`, `+1.5e2`) are left as they are.
///
/// `unescaped(_:)` takes the quote off again, so ShapeTurns reads back exactly what it wrote; a
/// cell that starts with quotes and then a formula character keeps its own quotes by getting
/// one more (`'=x` is written `"''=x"`).
package enum CSVField {
    /// The characters a spreadsheet starts a formula with.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` as a CSV cell.
    package static func escaped(_ text: String) -> String {
        let guarded = needsGuard(text)
        let cell = guarded ? "'" + text : text
        guard guarded || cell.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) || cell.first == " " else {
            return cell
        }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A cell's text as read (quotes already undone) without the guard `escaped(_:)` added.
    package static func unescaped(_ cell: String) -> String {
        guard cell.first == "'", needsGuard(String(cell.dropFirst())) else { return cell }
        return String(cell.dropFirst())
    }

    /// Whether `text` would run as a formula, or is quotes before such text.
    private static func needsGuard(_ text: String) -> Bool {
        let afterQuotes = text.drop { $0 == "'" }
        guard let first = afterQuotes.first, formulaStarts.contains(first) else { return false }
        return afterQuotes.count != text.count || !isNumber(text)
    }

    /// Whether `text` is a plain decimal number a spreadsheet reads as a value.
    private static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard mantissa.contains(where: \.isNumber), mantissa.filter({ $0 == "." }).count <= 1 else { return false }
        rest = rest.dropFirst(mantissa.count)
        guard !rest.isEmpty else { return true }
        guard rest.first == "e" || rest.first == "E" else { return false }
        rest = rest.dropFirst()
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        return !rest.isEmpty && rest.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
