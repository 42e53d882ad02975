import Foundation
import ShapeTurns
import Testing

@testable import ShapeTurnsClassroom
@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore
@testable import ShapeTurnsSets

/// The ways a class's grading could be silently wrong (issue 21, part A): a class scored without
/// its sheets, answers scored against another week's key, a short row, near-miss names, absent
/// students averaged in, and a `.txt` roster that is really a CSV export.
@Suite("class grading that cannot silently be wrong")
struct ClassGradingSafetyTests {
    static let names = ["Ana Lima", "Zoë O'Neil", "Pablo Ruiz-Picasso", "Ömer Yılmaz", "Mei Chen", "Noah Smith"]
    static let turns = 20

    /// A class's sheets made with `seed`, and their keys (read back with `pdfinfo`).
    static func makeClass(seed: Int, in folder: TemporaryFolder) throws -> [ClassroomTests.SheetKey] {
        let roster = folder.path("roster.txt")
        try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: roster))
        let pdf = folder.path("class-\(seed).pdf")
        let made = try ShapeTurnsBinary.run([
            "worksheet", "--class", roster, "--turns", String(turns), "--seed", String(seed), "--quiet", "--out", pdf,
        ])
        try #require(made.status == 0, "\(made.stderr)")
        return try ClassroomTests.keys(in: pdf)
    }

    /// Every student answers all their turns right except every fourth, which they get wrong.
    static func wide(_ keys: [ClassroomTests.SheetKey], names: [String]? = nil, sheetColumn: Bool = false) -> String {
        var lines = ["Student\(sheetColumn ? ",Sheet" : ""),\((1...turns).map(String.init).joined(separator: ","))"]
        for (index, key) in keys.enumerated() {
            let cells = key.answers.enumerated().map { turn, right in
                turn % 4 == 3 ? (right == "a" ? "b" : "a") : String(right)
            }
            let name = names?[index] ?? key.student
            lines.append("\"\(name)\"\(sheetColumn ? ",\(key.code)" : ""),\(cells.joined(separator: ","))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func aClassWithoutARosterOrAClassKeyIsRefusedSayingWhatToPass() throws {
        let folder = try TemporaryFolder()
        try Self.write("student,1,2\nAna,a,b\n#7,b,a\n", folder.path("answers.csv"))
        let result = try ShapeTurnsBinary.run([
            "score", "--seed", "7", "--turns", "2", "--class", folder.path("answers.csv"),
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--roster"), "\(result.stderr)")
        #expect(result.stderr.contains("--key CLASS.pdf"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aRosterNumberOrANameTwiceIsReportedWhenEveryoneSharesOneSheet() throws {
        let folder = try TemporaryFolder()
        let sheet = folder.path("sheet.pdf")
        let made = try ShapeTurnsBinary.run(["worksheet", "--turns", "2", "--seed", "7", "--quiet", "--out", sheet])
        try #require(made.status == 0, "\(made.stderr)")
        try Self.write("student,1,2\nAna,a,b\n#7,b,a\nAna,b,b\n", folder.path("answers.csv"))
        let result = try ShapeTurnsBinary.run(["score", "--key", sheet, "--class", folder.path("answers.csv")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 3: '#7' is a roster number"), "\(result.stderr)")
        #expect(result.stderr.contains("line 4: a second row for 'Ana' (first on line 2)"), "\(result.stderr)")
    }

    @Test func answersOfAnotherWeeksSheetsAreRefusedNotGraded() throws {
        let folder = try TemporaryFolder()
        let week1 = try Self.makeClass(seed: 1, in: folder)
        let week2 = try Self.makeClass(seed: 2, in: folder)
        let key2 = folder.path("class-2.pdf")

        // Week 1's answers, no sheet codes, against week 2's key: about half right, refused.
        try Self.write(Self.wide(week1), folder.path("plain.csv"))
        let plain = try ShapeTurnsBinary.run(["score", "--key", key2, "--class", folder.path("plain.csv")])
        #expect(plain.status == 65)
        #expect(plain.stderr.contains("as guessing would"), "\(plain.stderr)")
        #expect(plain.stdout.isEmpty, "no gradebook for answers that do not fit the key")

        // The same answers against their own key: graded (75% right).
        let own = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-1.pdf"), "--class", folder.path("plain.csv"),
        ])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout.contains("mean 75.0%"), "\(own.stdout)")

        // With the sheet column the class key prints: week 1's codes are not in week 2's key.
        try Self.write(Self.wide(week1, sheetColumn: true), folder.path("coded.csv"))
        let coded = try ShapeTurnsBinary.run(["score", "--key", key2, "--class", folder.path("coded.csv")])
        #expect(coded.status == 65)
        #expect(coded.stderr.contains("line 2"), "\(coded.stderr)")
        #expect(coded.stderr.contains("sheet \(week1[0].code) and 5 other sheet codes"), "\(coded.stderr)")
        #expect(coded.stderr.contains("are not in \(key2)"), "\(coded.stderr)")
        let codedOwn = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-1.pdf"), "--class", folder.path("coded.csv"), "--json",
        ])
        #expect(codedOwn.status == 0, "\(codedOwn.stderr)")

        // The long form with --expect-sheet: a code of week 1 is not in week 2's key.
        var long = ["student,turn,choice"]
        for key in week1 {
            for (turn, right) in key.answers.enumerated() { long.append("\(key.student),\(turn + 1),\(right)") }
        }
        try Self.write(long.joined(separator: "\n"), folder.path("long.csv"))
        let expected = try ShapeTurnsBinary.run([
            "score", "--key", key2, "--class", folder.path("long.csv"), "--expect-sheet", week1[0].code,
        ])
        #expect(expected.status == 65)
        #expect(expected.stderr.contains("--expect-sheet \(week1[0].code)"), "\(expected.stderr)")
        #expect(expected.stderr.contains("no sheet of \(key2) has this code"), "\(expected.stderr)")
        // A code the key does hold confirms it, so a class that really guessed is graded.
        let confirmed = try ShapeTurnsBinary.run([
            "score", "--key", key2, "--class", folder.path("plain.csv"), "--expect-sheet",
            week2[0].code.lowercased(),
        ])
        #expect(confirmed.status == 0, "\(confirmed.stderr)")

        // A name beside another student's code is a mix-up, reported on its line.
        var swapped = Self.wide(week1, sheetColumn: true).split(separator: "\n").map(String.init)
        swapped[1] = swapped[1].replacingOccurrences(of: week1[0].code, with: week1[1].code)
        try Self.write(swapped.joined(separator: "\n"), folder.path("swapped.csv"))
        let mixed = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-1.pdf"), "--class", folder.path("swapped.csv"),
        ])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("line 2: 'Ana Lima' is written beside sheet \(week1[1].code)"), "\(mixed.stderr)")

        // One player's responses with --expect-sheet against another sheet's key.
        let sheet = folder.path("sheet.pdf")
        _ = try ShapeTurnsBinary.run(["worksheet", "--turns", "4", "--seed", "7", "--quiet", "--out", sheet])
        try Self.write("turn,choice\n1,a\n", folder.path("one.csv"))
        let one = try ShapeTurnsBinary.run([
            "score", "--key", sheet, "--responses", folder.path("one.csv"), "--expect-sheet", "AAAA-0000",
        ])
        #expect(one.status == 65)
        #expect(one.stderr.contains("--expect-sheet AAAA-0000"), "\(one.stderr)")
    }

    @Test func aShortRowIsReportedAndNearMissNamesFindTheOneRosterNameTheyFoldTo() throws {
        let folder = try TemporaryFolder()
        let keys = try Self.makeClass(seed: 3, in: folder)
        var lines = Self.wide(
            keys, names: ["ana  LIMA", "Zoe O’Neil", "Pablo Ruiz Picasso", "omer yilmaz", "Mei Chenn", "Noah Smith"]
        ).split(separator: "\n").map(String.init)
        lines[6] = String(lines[6].prefix { $0 != "," }) + ",a,b"
        try Self.write(lines.joined(separator: "\n") + "\n", folder.path("answers.csv"))
        let result = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-3.pdf"), "--class", folder.path("answers.csv"), "--json",
        ])
        #expect(result.status == 65)
        let problems = result.stderr.split(separator: "\n")
        #expect(problems.count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("line 6: unknown student 'Mei Chenn'"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean 'Mei Chen'?"), "\(result.stderr)")
        #expect(
            result.stderr.contains("line 7: Noah Smith's row has 3 fields, the header 21; turns 3 to 20 counted blank"),
            "\(result.stderr)")
        let book = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let students = try #require(book["students"] as? [[String: Any]])
        #expect(students.map { $0["handedIn"] as? Bool } == [true, true, true, true, false, true])
        #expect(students[0...3].allSatisfy { $0["correct"] as? Int == 15 })
        #expect(students[5]["blank"] as? Int == 18)

        // Two roster names that fold alike: neither is guessed.
        let resolver = StudentResolver(sheets: [
            KeyedSheet(number: 1, student: "Mary-Kate", turns: []),
            KeyedSheet(number: 2, student: "Mary Kate", turns: []),
            KeyedSheet(number: 3, student: "Omer", turns: []),
        ])
        #expect(resolver.candidates(for: "mary kate") == [1])
        #expect(resolver.candidates(for: "MaryKate").isEmpty)
        #expect(resolver.candidates(for: "ömer") == [2])
    }

    @Test func absentStudentsHaveEmptyCellsAndAreMarkedAbsent() throws {
        let folder = try TemporaryFolder()
        let keys = try Self.makeClass(seed: 4, in: folder)
        let lines = Self.wide(keys).split(separator: "\n").map(String.init)
        try Self.write(([lines[0]] + lines[1...4]).joined(separator: "\n") + "\n", folder.path("answers.csv"))
        let result = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-4.pdf"), "--class", folder.path("answers.csv"), "--csv",
            folder.path("gradebook.csv"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("absent"), "\(result.stdout)")
        let csv = try String(contentsOfFile: folder.path("gradebook.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\r\n").map(String.init)
        #expect(rows[0] == "number,student,sheet,status,correct,wrong,blank,turns,percent,streak_points")
        #expect(rows[1].hasPrefix("1,Ana Lima,\(keys[0].code),present,15,5,0,20,75.0,"))
        #expect(rows[5] == "5,Mei Chen,\(keys[4].code),absent,,,,20,,")
        #expect(rows[6] == "6,Noah Smith,\(keys[5].code),absent,,,,20,,")
    }

    @Test(arguments: [
        ("Name\tGroup\nAna Lima\t3b\nBo Chen\t3a\n", ["Ana Lima", "Bo Chen"]),
        ("Name,Group\nAna Lima,3b\nBo Chen,3a\n", ["Ana Lima", "Bo Chen"]),
        ("Ana Lima,\nBo Chen,\n", ["Ana Lima", "Bo Chen"]),
        ("Students\nAna Lima\nLima, Bo\n", ["Ana Lima", "Lima, Bo"]),
        ("Student 1\nStudent 2\n", ["Student 1", "Student 2"]),
    ])
    func aTextRosterThatIsACSVExportIsReadAsCSV(text: String, names: [String]) throws {
        let folder = try TemporaryFolder()
        try Self.write(text, folder.path("roster.txt"))
        let roster = try Roster(contentsOf: URL(fileURLWithPath: folder.path("roster.txt")))
        #expect(roster.students.map(\.name) == names)
    }

    @Test func aHeadingThatIsNotANameColumnIsRefused() throws {
        let folder = try TemporaryFolder()
        try Self.write("Name Group\nAna Lima 3b\n", folder.path("roster.txt"))
        let result = try ShapeTurnsBinary.run([
            "worksheet", "--class", folder.path("roster.txt"), "--out", folder.path("c.pdf"),
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 1: 'Name Group' looks like a column heading"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("c.pdf")))
    }
}
