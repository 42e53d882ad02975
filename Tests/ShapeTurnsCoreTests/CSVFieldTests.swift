import Foundation
import Testing

@testable import ShapeTurnsCore

/// Every CSV cell ShapeTurns writes: quoted as RFC 4180 says, guarded against running as a
/// spreadsheet formula, and read back exactly.
@Suite struct CSVFieldTests {
    @Test(arguments: [
        ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
        ("=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\""),
        ("+1+1", "\"'+1+1\""), ("-2+3", "\"'-2+3\""), ("@SUM(A1)", "\"'@SUM(A1)\""),
        ("\tx", "\"'\tx\""), ("\rx", "\"'\rx\""), ("'=x", "\"''=x\""), ("''+x", "\"'''+x\""),
    ])
    func aFormulaGetsAQuoteInsideQuotes(text: String, cell: String) {
        #expect(CSVField.escaped(text) == cell)
    }

    @Test(arguments: [
        ("Ada", "Ada"), ("-3", "-3"), ("+1.5", "+1.5"), ("-2.5e-3", "-2.5e-3"), ("12", "12"),
        ("'twas", "'twas"), ("'", "'"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        (" lead", "\" lead\""), ("two\nlines", "\"two\nlines\""),
    ])
    func otherCellsAreAsBefore(text: String, cell: String) {
        #expect(CSVField.escaped(text) == cell)
    }

    @Test(arguments: [
        "=1+1", "+x", "-x", "@x", "\tx", "\rx", "'=x", "''=x", "'", "'a", "-3", "-", "+", "=", "Ada", "-1e5x", "--1",
    ])
    func unescapingTheUnquotedCellGivesTheTextBack(text: String) {
        var cell = CSVField.escaped(text)
        if cell.hasPrefix("\"") {
            cell = String(cell.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
        }
        #expect(CSVField.unescaped(cell) == text)
    }
}
