import Foundation
import Testing

/// A class whose names are in eight scripts, end to end: the sheets and the class key give every
/// name back as text (poppler's `pdftotext`, right-to-left names in logical order), the same
/// roster gives the same bytes, and the terminal gradebook lines the names up by the columns a
/// terminal gives them, counted here by hand.
@Suite("names in any script: printed as text, in order, and lined up in the gradebook")
struct NamesInEveryScriptTests {
    /// Each name with the terminal columns it takes: Han, kana and Hangul two a character,
    /// combining marks (the Devanagari virama, a decomposed accent) none.
    static let names: [(name: String, columns: Int)] = [
        ("王小明", 6), ("山田はな", 8), ("김민준", 6), ("محمد علي", 8), ("דוד לוי", 7), ("Анна Иванова", 12),
        ("Νίκος Παπαδόπουλος", 18), ("अनिल शर्मा", 9), ("Jose\u{0301} Núñez", 10),
    ]

    static let sheetOptions = ["--turns", "12", "--seed", "44", "--rows", "3", "--quiet"]

    static func writeRoster(in folder: TemporaryFolder) throws -> String {
        let rows = names.enumerated().map { "\($0.offset + 1),\($0.element.name)" }
        let path = folder.path("roster.csv")
        try Data((["No.,Name"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func makeSheets(in folder: TemporaryFolder, out: String) throws {
        let roster = try writeRoster(in: folder)
        let result = try ShapeTurnsBinary.run(
            ["worksheet", "--class", roster] + sheetOptions + ["--out", folder.path(out)])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "every name has its glyphs: \(result.stderr)")
    }

    @Test func aNameNoFontCanPrintIsSaidOnStderrAndTheSheetsAreWritten() throws {
        let folder = try TemporaryFolder()
        let roster = folder.path("roster.txt")
        try Data("Ana Lima\nAna \u{E000}\u{E001}\n王小明\n".utf8).write(to: URL(fileURLWithPath: roster))
        let result = try ShapeTurnsBinary.run(
            ["worksheet", "--class", roster] + Self.sheetOptions + ["--out", folder.path("class.pdf")])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("no installed font has every character of 'Ana \u{E000}\u{E001}'") == true)
        #expect(lines.first?.contains("empty boxes") == true)
        #expect(try Poppler.pageCount(folder.path("class.pdf")) == 6)
    }

    @Test func everyNameComesBackFromItsSheetAndTheClassKey() throws {
        let folder = try TemporaryFolder()
        try Self.makeSheets(in: folder, out: "class.pdf")
        let key = try Poppler.text(
            folder.path("class-key.pdf"), pages: 1...(try Poppler.pageCount(folder.path("class-key.pdf")))
        )
        .precomposedStringWithCanonicalMapping
        for (index, entry) in Self.names.enumerated() {
            let name = entry.name.precomposedStringWithCanonicalMapping
            // 12 turns on 6-cell pages: two pages a student, each starting on an odd page.
            let page = try Poppler.text(folder.path("class.pdf"), pages: (2 * index + 1)...(2 * index + 1))
                .precomposedStringWithCanonicalMapping
            let lines = page.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.contains("Name") && $0.contains(name) }, "the name line of \(name): \(lines)")
            #expect(lines.contains { $0.contains(name) && $0.contains("Sheet ") }, "the footer of \(name): \(lines)")
            #expect(key.contains(name), "the class key names \(name)")
        }
    }

    @Test func theSameRosterGivesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        try Self.makeSheets(in: folder, out: "first/class.pdf")
        try Self.makeSheets(in: folder, out: "second/class.pdf")
        for file in ["class.pdf", "class-key.pdf"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: folder.path("first/\(file)")))
            let second = try Data(contentsOf: URL(fileURLWithPath: folder.path("second/\(file)")))
            #expect(first == second, "\(file)")
        }
    }

    @Test func theGradebookLinesTheNamesUpByTerminalColumns() throws {
        let folder = try TemporaryFolder()
        try Self.makeSheets(in: folder, out: "class.pdf")
        let keys = try ClassroomTests.keys(in: folder.path("class.pdf"))
        let rows = keys.map { "\"\($0.student)\"," + $0.answers.map(String.init).joined(separator: ",") }
        let answers = folder.path("answers.csv")
        try Data((["Student," + (1...12).map(String.init).joined(separator: ",")] + rows).joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: answers))
        let result = try ShapeTurnsBinary.run(["score", "--key", folder.path("class.pdf"), "--class", answers])
        try #require(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let widest = Self.names.map(\.columns).max() ?? 0
        let header = try #require(lines.first { $0.contains("Student") && $0.contains("Sheet") })
        #expect(header.hasPrefix("No.  Student" + String(repeating: " ", count: widest - 7) + "  Sheet"), "\(header)")
        for (index, entry) in Self.names.enumerated() {
            let padding = String(repeating: " ", count: widest - entry.columns)
            let start = String(format: "%3d", index + 1) + "  "
            let row = try #require(lines.first { $0.hasPrefix(start) }, "\(result.stdout)")
            #expect(
                row.precomposedStringWithCanonicalMapping.hasPrefix(
                    (start + entry.name + padding + "  " + keys[index].code + " ").precomposedStringWithCanonicalMapping
                ),
                "\(row)")
        }
    }
}
