import Foundation
import ShapeGame
import ShapeTurnsCore
import ShapeTurnsSets
import Testing

@testable import ShapeTurnsClassroom

@Suite("Reading rosters, class answers and PDF keywords")
struct ClassroomParsingTests {
    @Test func csvRecordsKeepQuotesLineBreaksAndTheirStartingLines() throws {
        let text = "\u{FEFF}name,note\r\n\"Lima, Ana\",\"said \"\"hi\"\"\"\r\n\"Two\nLines\",x\r\nlast,\r\n"
        let records = try CSVReader.records(in: text, source: "t.csv")
        #expect(records.map(\.line) == [1, 2, 3, 5])
        #expect(records[1].fields == ["Lima, Ana", "said \"hi\""])
        #expect(records[2].fields == ["Two\nLines", "x"])
        #expect(records[3].fields == ["last", ""])
        #expect(try CSVReader.records(in: "a;b\n1;2", source: "t.csv").map(\.fields) == [["a", "b"], ["1", "2"]])
        #expect(try CSVReader.records(in: "a\tb\r1\t2", source: "t.csv").map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    /// Scan's responses mark a turn whose page was not read `not read: WHY`; only such a turn
    /// with no choice is held back from grading, and one decided (a choice, or a flag the review
    /// page rewrote) is not.
    @Test func turnsNotReadFromTheScansAreKeptApart() throws {
        let text = """
            student,sheet,turn,choice,flag
            Ana,K7QX-M2PD,1,a,
            Ana,K7QX-M2PD,2,,not read: page 1 refused: a.jpg: no ShapeTurns page found
            Ana,K7QX-M2PD,3,b,not read: page 1 refused: a.jpg: no ShapeTurns page found
            Bo,ZQR4-WEST,1,,decided in review (not read: page 1 not scanned)
            Bo,ZQR4-WEST,2,,both boxes marked
            Bo,ZQR4-WEST,3,,not read: page 1 not scanned

            """
        let answers = try ClassResponses(parsing: text, source: "r.csv")
        #expect(answers.rows.count == 6)
        #expect(
            answers.unreadTurns == [
                ClassResponses.UnreadTurn(student: "Ana", turn: 2, line: 3),
                ClassResponses.UnreadTurn(student: "Bo", turn: 3, line: 7),
            ])
        // Without a flag column, an empty choice is a blank, as ever.
        #expect(try ClassResponses(parsing: "student,turn,choice\nAna,2,\n", source: "r.csv").unreadTurns.isEmpty)
    }

    @Test func rostersAreReadFromTextAndCSV() throws {
        let text = try Roster(
            parsing: "\u{FEFF}Ana  Lima\r\n\r\n# absent\r\n  Franc\u{0327}ois \r\n", source: "r.txt", isCSV: false)
        #expect(text.students == [Student(number: 1, name: "Ana Lima"), Student(number: 2, name: "François")])
        let csv = try Roster(
            parsing: "id;Student Name;group\n7;\"Lima; Ana\";b\n8;Bo;a\n", source: "r.csv", isCSV: true)
        #expect(csv.students.map(\.name) == ["Lima; Ana", "Bo"])
        #expect(
            try Roster(parsing: "Name\nAna\nBo\n", source: "r.txt", isCSV: false).students.map(\.name) == ["Ana", "Bo"])
        #expect(
            try Roster(parsing: "Ana\n\"Lima, Bo\"\n", source: "r.csv", isCSV: true).students.map(\.name) == [
                "Ana", "Lima, Bo",
            ])
        #expect(
            throws: ShapeTurnsError.badData(
                location: "r.csv line 2", reason: "the name is empty; remove the row or write the name")
        ) {
            try Roster(parsing: "name,x\n,1\n", source: "r.csv", isCSV: true)
        }
    }

    @Test func aStudentsSeedDependsOnSeedPositionAndNameButNotOnHowTheAccentIsTyped() {
        let composed = Student(number: 3, name: "François").seed(from: 7)
        #expect(Student(number: 3, name: "Franc\u{0327}ois").seed(from: 7) == composed)
        #expect(Student(number: 4, name: "François").seed(from: 7) != composed)
        #expect(Student(number: 3, name: "Francois").seed(from: 7) != composed)
        #expect(Student(number: 3, name: "François").seed(from: 8) != composed)
        #expect(Student(number: 1, name: "Björk Guðmundsdóttir").fileNamePart == "bjork-gudmundsdottir")
        #expect(Student(number: 1, name: "Zoë O'Neil").fileNamePart == "zoe-o-neil")
        #expect(Student(number: 1, name: "李雷").fileNamePart == "student")
    }

    @Test func classAnswersInBothFormsWithProblemsKeptByLine() throws {
        let wide = try ClassResponses(
            parsing: " Student , Q1, Q2 ,3\nAna, a , ,B\n,a,b,a\nBo,c,a,b\nCy,a,b,a,zz\n", source: "w.csv")
        #expect(wide.form == .wide)
        #expect(wide.turnColumns == [1, 2, 3])
        #expect(wide.rows.map(\.student) == ["Ana", "Bo"])
        #expect(wide.rows[0].responses.map(\.choice) == [.a, nil, .b])
        #expect(wide.rows[1].responses.map(\.turn) == [2, 3])
        #expect(wide.problems.map(\.line) == [3, 4, 5])
        let long = try ClassResponses(
            parsing: "name,question,answer\nAna,1,a\nAna,x,b\nAna,2\nAna,3,\n", source: "l.csv")
        #expect(long.form == .long)
        #expect(long.rows.map { $0.responses[0].turn } == [1, 3])
        #expect(long.rows[1].responses[0].choice == nil)
        #expect(long.problems.map(\.line) == [3, 4])
    }

    /// A row whose cells are all unreadable is one problem of its line, said once, naming every
    /// turn and cell; one bad cell is said as before.
    @Test(arguments: [
        (
            "Ana,x,y,z,w",
            "Ana, turns 1 to 4: choices 'x', 'y', 'z' and 'w' must each be a, b or empty (blank); counted blank"
        ),
        ("Ana,x,a,,w", "Ana, turns 1, 4: choices 'x' and 'w' must each be a, b or empty (blank); counted blank"),
        ("Ana,a,b,q,a", "Ana, turn 3: choice 'q' must be a, b or empty (blank); counted blank"),
    ])
    func aRowsBadCellsAreOneProblemOfItsLine(row: String, message: String) throws {
        let wide = try ClassResponses(parsing: "student,1,2,3,4\n\(row)\nBo,a,b,a,b\n", source: "w.csv")
        #expect(wide.problems == [ScoringProblem(line: 2, message: message)])
        #expect(wide.problemCount == 1)
        #expect(wide.rows.map(\.student) == ["Ana", "Bo"])
    }

    @Test func pdfKeywordsAreReadAsLiteralOrUTF16HexStrings() {
        let literal = Array("%PDF-1.5\n<< /Keywords (a\\(b\\) \\\\ \\101 (c)) /Title (t) >>".utf8)
        #expect(PDFInfoReader.entry("Keywords", in: literal) == "a(b) \\ A (c)")
        let hex = Array("%PDF-1.5\n<< /Keywords <FEFF00C900200041> >>".utf8)
        #expect(PDFInfoReader.entry("Keywords", in: hex) == "É A")
        #expect(PDFInfoReader.entry("Subject", in: hex) == nil)
        #expect(!PDFInfoReader.isPDF(Array("name,turn".utf8)))
    }
}
