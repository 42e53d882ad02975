import Foundation
import ShapeTurns
import Testing

@testable import ShapeTurnsClassroom
@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore
@testable import ShapeTurnsSets

/// What part A of issue 21 left open: an absent student's scores in the JSON gradebook, one
/// player's answers against another sheet's key, an unknown student's short row, and sheet
/// codes written with letters only.
@Suite("class grading: the gaps after part A")
struct ClassGradingGapsTests {
    typealias Safety = ClassGradingSafetyTests

    @Test func anAbsentStudentHasNullScoresInTheJSONGradebook() throws {
        let folder = try TemporaryFolder()
        let keys = try Safety.makeClass(seed: 5, in: folder)
        let lines = Safety.wide(keys).split(separator: "\n").map(String.init)
        try Safety.write(lines.dropLast().joined(separator: "\n") + "\n", folder.path("answers.csv"))
        let result = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-5.pdf"), "--class", folder.path("answers.csv"), "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let book = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let students = try #require(book["students"] as? [[String: Any]])
        let absent = try #require(students.last)
        #expect(absent["handedIn"] as? Bool == false)
        #expect(absent["turnCount"] as? Int == Safety.turns)
        for field in ["correct", "wrong", "blank", "percent", "streakPoints", "turns"] {
            #expect(absent[field] is NSNull, "\(field): \(absent[field] ?? "missing")")
        }
        #expect(students[0]["correct"] as? Int == 15)
        #expect(students[0]["percent"] as? Double == 75)
        #expect((students[0]["turns"] as? [Any])?.count == Safety.turns)

        let entry = Gradebook.Entry(
            number: 1, student: "Ana", sheet: nil, handedIn: false, correct: 0, wrong: 0, blank: 3, turnCount: 3,
            percent: 0, streakPoints: 0, turns: [])
        let decoded = try JSONDecoder().decode(Gradebook.Entry.self, from: JSONEncoder().encode(entry))
        #expect(decoded.handedIn == false && decoded.turnCount == 3 && decoded.correct == 0)
    }

    @Test func anUnknownStudentsShortRowGivesOneMessage() throws {
        let folder = try TemporaryFolder()
        let keys = try Safety.makeClass(seed: 6, in: folder)
        var lines = Safety.wide(keys).split(separator: "\n").map(String.init)
        lines.append("Nobody Known,a,b")
        try Safety.write(lines.joined(separator: "\n") + "\n", folder.path("answers.csv"))
        let result = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-6.pdf"), "--class", folder.path("answers.csv"),
        ])
        #expect(result.status == 65)
        let messages = result.stderr.split(separator: "\n").filter { $0.contains("line 8:") }
        #expect(messages.count == 1, "\(result.stderr)")
        #expect(messages.first?.contains("unknown student 'Nobody Known'") == true, "\(result.stderr)")
        #expect(result.stdout.contains("1 line of"), "\(result.stdout)")
    }

    @Test func aSheetCodeOfLettersOnlyInTheStudentColumnIsCheckedAgainstTheKey() throws {
        let folder = try TemporaryFolder()
        let keys = try Safety.makeClass(seed: 7, in: folder)
        let foreign = ["KXQB-MRPD", "ZZZZ-AAAA", "HJKM-NPQR", "STVW-XYZA", "BCDE-FGHJ", "KMNP-QRST"]
        try Safety.write(Safety.wide(keys, names: foreign), folder.path("answers.csv"))
        let result = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("class-7.pdf"), "--class", folder.path("answers.csv"),
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("sheet KXQB-MRPD and 5 other sheet codes"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)

        let resolver = StudentResolver(sheets: [
            KeyedSheet(number: 1, student: "Jean-Paul", code: "KXQB-MRPD", turns: []),
            KeyedSheet(number: 2, student: "ANNA-BETH", code: "K7QX-M2PD", turns: []),
        ])
        #expect(resolver.code(writtenIn: "KXQB-MRPD", roster: true) == "KXQB-MRPD")
        #expect(resolver.code(writtenIn: "ZZZZ-AAAA", roster: true) == "ZZZZ-AAAA")
        #expect(resolver.code(writtenIn: "ANNA-BETH", roster: true) == nil, "a roster name")
        #expect(resolver.code(writtenIn: "JEAN-PAUL", roster: true) == nil, "U is not in a code")
        #expect(resolver.code(writtenIn: "Anna-Beth", roster: true) == nil, "codes are printed in capitals")
        #expect(resolver.code(writtenIn: "ZZZZ-AAAA", roster: false) == nil, "without a roster names are unknown")
        #expect(resolver.code(writtenIn: "ZZZ9-AAAA", roster: false) == "ZZZ9-AAAA")
    }

    /// A single worksheet's code and answers, from the key its PDF embeds.
    static func sheetKey(_ pdf: String) throws -> (code: String, answers: [Character]) {
        let keywords = try #require(try Poppler.info(pdf)["Keywords"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(keywords.utf8)) as? [String: Any])
        let sheet = try #require((object["sheets"] as? [[String: Any]])?.first)
        return (try #require(sheet["code"] as? String), Array(try #require(sheet["answers"] as? String)))
    }

    @Test func onePlayersAnswersAtChanceAgainstASheetAreRefusedUnlessItsCodeIsGiven() throws {
        let folder = try TemporaryFolder()
        let turns = 60
        var sheets: [(code: String, answers: [Character])] = []
        for seed in [7, 8] {
            let pdf = folder.path("sheet-\(seed).pdf")
            let made = try ShapeTurnsBinary.run([
                "worksheet", "--turns", String(turns), "--seed", String(seed), "--quiet", "--out", pdf,
            ])
            try #require(made.status == 0, "\(made.stderr)")
            sheets.append(try Self.sheetKey(pdf))
        }
        func responses(_ answers: [Character], _ name: String) throws -> String {
            let text = ["turn,choice"] + answers.enumerated().map { "\($0.offset + 1),\($0.element)" }
            try Safety.write(text.joined(separator: "\n") + "\n", folder.path(name))
            return folder.path(name)
        }
        let own = try responses(sheets[1].answers, "week2.csv")
        let agreeing = zip(sheets[0].answers, sheets[1].answers).filter { $0 == $1 }.count
        try #require(Double(agreeing) < 30 + 2 * 15.0.squareRoot(), "seed 8's answers happen to fit seed 7's")

        let refused = try ShapeTurnsBinary.run(["score", "--key", folder.path("sheet-7.pdf"), "--responses", own])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("on \(agreeing) of \(turns) turns answered"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--expect-sheet"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)

        let right = try ShapeTurnsBinary.run(["score", "--key", folder.path("sheet-8.pdf"), "--responses", own])
        #expect(right.status == 0, "\(right.stderr)")
        let confirmed = try ShapeTurnsBinary.run([
            "score", "--key", folder.path("sheet-7.pdf"), "--responses", own, "--expect-sheet", sheets[0].code,
        ])
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        let short = try responses(Array(sheets[1].answers.prefix(39)), "short.csv")
        let few = try ShapeTurnsBinary.run(["score", "--key", folder.path("sheet-7.pdf"), "--responses", short])
        #expect(few.status == 0, "39 answers say too little: \(few.stderr)")
    }
}
