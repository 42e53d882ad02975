import Foundation
import Testing

/// `worksheet --class` and `score --class`, end to end, checked without the library: keys are
/// read back with poppler's `pdfinfo` and `JSONSerialization`, and class answers are scored by
/// `IndependentScorer` below, written from the rules in the README, not from ShapeTurns' code.
@Suite("classroom: a version per student, keys, class scoring, end to end")
struct ClassroomTests {
    /// 25 students: spaces, accents (one typed decomposed), a comma inside quotes, and a name twice.
    static let names = [
        "Ana Lima", "José Núñez", "Zoë O'Neil", "Maria Silva", "Lima, Ana", "Björk Guðmundsdóttir",
        "Franc\u{0327}ois Dupont", "Łukasz Żółw", "Mei Chen", "Omar Haddad", "Maria Silva", "Sven Öberg",
        "Aoife Ní Bhriain", "Chidi Okafor", "Ingrid Bergström", "Pablo Ruiz-Picasso", "Hana Nováková",
        "Tomás Ó Briain", "Yuki Tanaka", "Élodie Martin", "Kwame Mensah", "Sofía Álvarez", "Lars Nilsen",
        "Priya Raman", "Noah Smith",
    ]

    /// The roster as a spreadsheet exports it: BOM, CRLF, quoted names, an extra column.
    static func writeRoster(in folder: TemporaryFolder) throws -> String {
        let rows = names.enumerated().map { index, name in
            "\(index + 1),\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\""
        }
        let text = "\u{FEFF}No.,Name\r\n" + rows.joined(separator: "\r\n") + "\r\n"
        let path = folder.path("roster.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let sheetOptions = ["--turns", "12", "--seed", "2026", "--rows", "3"]

    static func run(_ arguments: [String]) throws -> ShapeTurnsBinary.Result {
        try ShapeTurnsBinary.run(arguments)
    }

    /// The sheets' keys as `pdfinfo` prints the Keywords: number, student, code, answers.
    struct SheetKey: Equatable {
        let number: Int
        let student: String
        let code: String
        let answers: [Character]
    }

    static func keys(in pdf: String) throws -> [SheetKey] {
        let keywords = try #require(try Poppler.info(pdf)["Keywords"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(keywords.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "shapeturns-worksheet-key")
        let sheets = try #require(object["sheets"] as? [[String: Any]])
        return try sheets.map { sheet in
            SheetKey(
                number: try #require(sheet["number"] as? Int),
                student: try #require(sheet["student"] as? String),
                code: try #require(sheet["code"] as? String),
                answers: Array(try #require(sheet["answers"] as? String))
            )
        }
    }

    @Test func aClassGetsOneVersionPerStudentInOnePDFAndSplitWithTheSameKeys() throws {
        let folder = try TemporaryFolder()
        let roster = try Self.writeRoster(in: folder)
        let one = try Self.run(
            ["worksheet", "--class", roster] + Self.sheetOptions + ["--out", folder.path("one/class.pdf")])
        try #require(one.status == 0, "\(one.stderr)")
        let split = try Self.run(
            ["worksheet", "--class", roster, "--split-files"] + Self.sheetOptions + [
                "--out", folder.path("split/class.pdf"),
            ])
        try #require(split.status == 0, "\(split.stderr)")

        let keys = try Self.keys(in: folder.path("one/class.pdf"))
        #expect(keys.count == 25)
        #expect(keys.map(\.student) == Self.names.map { $0.precomposedStringWithCanonicalMapping })
        #expect(keys.map(\.number) == Array(1...25))
        #expect(Set(keys.map(\.code)).count == 25, "every student has a version of their own")
        #expect(Set(keys.map { String($0.answers) }).count >= 20)
        #expect(keys.allSatisfy { $0.answers.count == 12 && $0.answers.allSatisfy { "ab".contains($0) } })
        #expect(try Self.keys(in: folder.path("one/class-key.pdf")) == keys)
        #expect(try Self.keys(in: folder.path("split/class-key.pdf")) == keys)

        // One PDF: 12 turns on 9-cell pages is 2 pages a student, so each starts on an odd page.
        #expect(try Poppler.pageCount(folder.path("one/class.pdf")) == 50)
        for (index, key) in keys.enumerated() {
            let first = try Poppler.text(folder.path("one/class.pdf"), pages: (2 * index + 1)...(2 * index + 1))
            #expect(first.contains(key.student), "page \(2 * index + 1) is \(key.student)'s")
            #expect(first.contains("Sheet \(key.code)"), "the footer shows the sheet code")
            #expect(first.contains("Page 1 of 2"))
        }

        // Split: one file per student, named after them, each carrying its own key.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("split")).filter {
            $0 != ".shapeturns-files"
        }.sorted()
        #expect(files.count == 26)
        #expect(files.contains("class-01-ana-lima.pdf"))
        #expect(files.contains("class-07-francois-dupont.pdf"))
        #expect(files.contains("class-04-maria-silva.pdf") && files.contains("class-11-maria-silva.pdf"))
        for (index, key) in keys.enumerated() {
            let name = try #require(files.first { $0.hasPrefix(String(format: "class-%02d-", index + 1)) })
            #expect(try Self.keys(in: folder.path("split/\(name)")) == [key])
            #expect(try Poppler.text(folder.path("split/\(name)"), pages: 1...1).contains(key.student))
        }

        // The class key document prints every student's answers as the PDF embeds them.
        let printed = try Poppler.text(
            folder.path("one/class-key.pdf"), pages: 1...(try Poppler.pageCount(folder.path("one/class-key.pdf"))))
        for key in keys.prefix(3) {
            let entries = key.answers.enumerated().map { "\($0.offset + 1): \($0.element.uppercased())" }
            #expect(entries.allSatisfy { printed.contains($0) })
            #expect(printed.contains(key.code))
        }
    }

    @Test func theSameRosterAndOptionsGiveTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let roster = try Self.writeRoster(in: folder)
        for run in ["first", "second"] {
            for split in [false, true] {
                let result = try Self.run(
                    ["worksheet", "--class", roster, "--quiet"] + (split ? ["--split-files"] : []) + Self.sheetOptions
                        + ["--out", folder.path("\(run)/\(split ? "split" : "one")/class.pdf")]
                )
                try #require(result.status == 0, "\(result.stderr)")
            }
        }
        let first = try TemporaryFolder.files(in: folder.url.appendingPathComponent("first"))
        let second = try TemporaryFolder.files(in: folder.url.appendingPathComponent("second"))
        // Two folders' files (and each folder's .shapeturns-files record).
        #expect(first.filter { !$0.key.hasSuffix(".shapeturns-files") }.count == 2 + 26)
        #expect(first == second)
    }

    // MARK: Scoring a class

    /// Scores a sheet by the rules in the README: +1 correct, -1 wrong or blank, +10 on every
    /// turn of a run of 5 or more correct answers.
    enum IndependentScorer {
        struct Result: Equatable {
            var correct = 0
            var wrong = 0
            var blank = 0
            var points = 0
        }

        static func score(answers: [Character], choices: [Int: Character]) -> Result {
            var result = Result()
            var run = 0
            for (index, right) in answers.enumerated() {
                guard let choice = choices[index + 1] else {
                    result.blank += 1
                    result.points -= 1
                    run = 0
                    continue
                }
                if choice == right {
                    result.correct += 1
                    run += 1
                    result.points += run >= 5 ? 11 : 1
                } else {
                    result.wrong += 1
                    result.points -= 1
                    run = 0
                }
            }
            return result
        }
    }

    /// A class's answers: student `s` gets turn `t` right, wrong or blank by a fixed pattern,
    /// with upper and lower case and spaces around the cells.
    static func choices(for keys: [SheetKey]) -> [[Int: Character]] {
        keys.enumerated().map { s, key in
            var choices: [Int: Character] = [:]
            for (index, right) in key.answers.enumerated() {
                switch (s * 7 + index * 3 + s * index) % 9 {
                case 0: continue
                case 1, 2: choices[index + 1] = right == "a" ? "b" : "a"
                default: choices[index + 1] = right
                }
            }
            return choices
        }
    }

    static func cell(_ choice: Character?, _ variant: Int) -> String {
        guard let choice else { return variant % 2 == 0 ? "" : "  " }
        return variant % 3 == 0 ? " \(choice.uppercased()) " : String(choice)
    }

    static func wide(_ keys: [SheetKey], _ choices: [[Int: Character]]) -> String {
        var lines = ["Student," + (1...12).map(String.init).joined(separator: ",")]
        for (s, key) in keys.enumerated() {
            let name = s % 4 == 0 ? "  \(key.student)  " : key.student
            lines.append("\"\(name)\"," + (1...12).map { cell(choices[s][$0], s + $0) }.joined(separator: ","))
            if s == 9 { lines.append("Nobody Known,a,b,a,b,a,b,a,b,a,b,a,b") }
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    static func long(_ keys: [SheetKey], _ choices: [[Int: Character]]) -> String {
        var lines = ["student,turn,choice"]
        for (s, key) in keys.enumerated() {
            for turn in 1...12 {
                lines.append("\"\(key.student)\", \(turn) ,\(cell(choices[s][turn], s + turn))")
            }
            if s == 2 { lines.append("\"\(key.student)\",13,a") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: ["wide", "long"])
    func aClassIsScoredAgainstEachStudentsOwnVersion(form: String) throws {
        let folder = try TemporaryFolder()
        let roster = try Self.writeRoster(in: folder)
        let made = try Self.run(
            ["worksheet", "--class", roster, "--quiet"] + Self.sheetOptions + ["--out", folder.path("class.pdf")])
        try #require(made.status == 0, "\(made.stderr)")
        let keys = try Self.keys(in: folder.path("class.pdf"))
        let choices = Self.choices(for: keys)
        let answers = folder.path("answers-\(form).csv")
        try Data((form == "wide" ? Self.wide(keys, choices) : Self.long(keys, choices)).utf8).write(
            to: URL(fileURLWithPath: answers))

        for key in ["class.pdf", "class-key.pdf"] {
            let result = try Self.run([
                "score", "--key", folder.path(key), "--class", answers, "--json", "--csv", folder.path("gradebook.csv"),
            ])
            #expect(result.status == 65, "one bad line: reported, the rest scored")
            let problems = result.stderr.split(separator: "\n")
            #expect(problems.count == 1)
            if form == "wide" {
                #expect(problems.first?.contains("line 12: unknown student 'Nobody Known'") == true, "\(result.stderr)")
            } else {
                #expect(problems.first?.contains("line 38: turn 13 is out of range") == true, "\(result.stderr)")
            }
            let book = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let students = try #require(book["students"] as? [[String: Any]])
            #expect(students.count == 25)
            var percents: [Double] = []
            for (s, student) in students.enumerated() {
                let expected = IndependentScorer.score(answers: keys[s].answers, choices: choices[s])
                let actual = IndependentScorer.Result(
                    correct: student["correct"] as? Int ?? -99, wrong: student["wrong"] as? Int ?? -99,
                    blank: student["blank"] as? Int ?? -99, points: student["streakPoints"] as? Int ?? -99
                )
                #expect(actual == expected, "\(keys[s].student) (No. \(s + 1))")
                #expect(student["student"] as? String == keys[s].student)
                let percent = (Double(expected.correct) * 1000 / 12).rounded() / 10
                #expect(student["percent"] as? Double == percent)
                percents.append(percent)
            }
            let summary = try #require(book["summary"] as? [String: Any])
            let mean = (percents.reduce(0, +) / 25 * 10).rounded() / 10
            #expect(summary["meanPercent"] as? Double == mean)
            #expect(summary["medianPercent"] as? Double == percents.sorted()[12])
            let csv = try String(contentsOfFile: folder.path("gradebook.csv"), encoding: .utf8)
            #expect(csv.hasPrefix("number,student,sheet,status,correct,wrong,blank,turns,percent,streak_points\r\n"))
            #expect(csv.contains("5,\"Lima, Ana\",\(keys[4].code),present,"))
        }
        let table = try Self.run(["score", "--key", folder.path("class.pdf"), "--class", answers])
        #expect(table.stdout.contains("Class: 25 of 25 students handed in; mean"))
        #expect(table.stdout.contains("Hardest turns: "))
        #expect(table.stdout.contains("1 line of \(answers) could not be used"))
    }

    @Test func theKeyIsRebuiltFromTheOptionsAndTheRoster() throws {
        let folder = try TemporaryFolder()
        let roster = try Self.writeRoster(in: folder)
        _ = try Self.run(
            ["worksheet", "--class", roster, "--quiet"] + Self.sheetOptions + ["--out", folder.path("class.pdf")])
        let keys = try Self.keys(in: folder.path("class.pdf"))
        let answers = folder.path("answers.csv")
        try Data(Self.wide(keys, Self.choices(for: keys)).utf8).write(to: URL(fileURLWithPath: answers))
        let fromPDF = try Self.run(["score", "--key", folder.path("class.pdf"), "--class", answers, "--json"])
        let rebuilt = try Self.run([
            "score", "--seed", "2026", "--turns", "12", "--roster", roster, "--class", answers, "--json",
        ])
        #expect(rebuilt.status == 65)
        let strip = { (text: String) in
            text.split(separator: "\n").filter { !$0.contains("\"key\"") && !$0.contains("\"message\"") }.joined(
                separator: "\n")
        }
        #expect(strip(rebuilt.stdout) == strip(fromPDF.stdout))
    }

    @Test func oneStudentIsScoredFromTheirOwnFileWithTheHeadlineFirst() throws {
        let folder = try TemporaryFolder()
        let roster = try Self.writeRoster(in: folder)
        _ = try Self.run(
            ["worksheet", "--class", roster, "--split-files", "--quiet"] + Self.sheetOptions + [
                "--out", folder.path("class.pdf"),
            ])
        let key = try #require(try Self.keys(in: folder.path("class-03-zoe-o-neil.pdf")).first)
        let rows = key.answers.enumerated().map { index, right in
            "\(index + 1),\(index == 5 ? "" : (index == 0 ? (right == "a" ? "b" : "a") : String(right)))"
        }
        try Data(("turn,choice\n" + rows.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: folder.path("zoe.csv")))
        let result = try Self.run([
            "score", "--key", folder.path("class-03-zoe-o-neil.pdf"), "--responses", folder.path("zoe.csv"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "10 / 12 correct (1 wrong, 1 blank, counted wrong)")
        // -1, then 4 correct, a blank (-1), then 6 correct of which the last two are the 5th and 6th in a row.
        #expect(lines.dropFirst().first == "Streak points: \(-1 + 4 - 1 + 6 + 20)")
        let skipped = try Self.run([
            "score", "--key", folder.path("class-03-zoe-o-neil.pdf"), "--responses", folder.path("zoe.csv"), "--blank",
            "skip",
        ])
        #expect(
            skipped.stdout.hasPrefix("10 / 12 correct (1 wrong, 1 blank, skipped)\nStreak points: \(-1 + 4 + 6 + 60)\n")
        )
        let whole = try Self.run([
            "score", "--key", folder.path("class-key.pdf"), "--responses", folder.path("zoe.csv"),
        ])
        #expect(whole.status == 64)
        #expect(
            whole.stderr.contains(
                "holds the keys of 25 students' sheets; score them all with --class FILE, or pick one with --student"))
        let picked = try Self.run([
            "score", "--key", folder.path("class-key.pdf"), "--responses", folder.path("zoe.csv"), "--student",
            key.code.lowercased(),
        ])
        #expect(picked.stdout == result.stdout)
    }

    @Test func aSeparateKeyIsAFileOfItsOwnAndNoAnswerKeyStillWorks() throws {
        let folder = try TemporaryFolder()
        let separate = try Self.run([
            "worksheet", "--turns", "20", "--seed", "4", "--answer-key", "separate", "--out", folder.path("quiz.pdf"),
        ])
        #expect(separate.status == 0, "\(separate.stderr)")
        #expect(
            separate.stdout.hasPrefix(
                "Wrote 20 turns on 3 pages: \(folder.path("quiz.pdf")); answer key: \(folder.path("quiz-key.pdf")); sheet "
            ))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                ".shapeturns-files", "quiz-key.pdf", "quiz.pdf",
            ])
        #expect(try Poppler.pageCount(folder.path("quiz.pdf")) == 3)
        #expect(try Poppler.pageCount(folder.path("quiz-key.pdf")) == 1)
        #expect(try Poppler.text(folder.path("quiz-key.pdf"), pages: 1...1).contains("Answer key"))
        #expect(try !Poppler.text(folder.path("quiz.pdf"), pages: 1...3).contains("Answer key"))
        _ = try Self.run([
            "worksheet", "--turns", "20", "--seed", "4", "--no-answer-key", "--out", folder.path("old.pdf"),
        ])
        _ = try Self.run([
            "worksheet", "--turns", "20", "--seed", "4", "--answer-key", "none", "--out", folder.path("none.pdf"),
        ])
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("old.pdf"))
                == Data(contentsOf: folder.url.appendingPathComponent("quiz.pdf")))
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("none.pdf"))
                == Data(contentsOf: folder.url.appendingPathComponent("quiz.pdf")))
        let both = try Self.run([
            "worksheet", "--no-answer-key", "--answer-key", "included", "--out", folder.path("x.pdf"),
        ])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--no-answer-key"))
    }

    @Test func keysThatAreNotKeysSayWhatWasExpected() throws {
        let folder = try TemporaryFolder()
        try Data("turn,choice\n1,a\n".utf8).write(to: URL(fileURLWithPath: folder.path("r.csv")))
        try Data("%PDF-1.4\n1 0 obj << /Title (Other) >> endobj\n%%EOF\n".utf8).write(
            to: URL(fileURLWithPath: folder.path("other.pdf")))
        let expected =
            "expected a set folder made by generate, its answers.jsonl, or a worksheet PDF made by ShapeTurns"
        for (key, status, mention) in [
            ("r.csv", Int32(65), "this file is none of these"),
            ("other.pdf", 65, "a PDF, but not a worksheet made by ShapeTurns"),
            ("missing.pdf", 66, "no such folder or file"),
        ] {
            let result = try Self.run(["score", "--key", folder.path(key), "--responses", folder.path("r.csv")])
            #expect(result.status == status, "\(key)")
            #expect(result.stderr.contains(mention) && result.stderr.contains(expected), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func badRostersAndClassOptionsAreRefusedWithOneLine() throws {
        let folder = try TemporaryFolder()
        try Data("Ana\n\n# a comment\nBo\n".utf8).write(to: URL(fileURLWithPath: folder.path("ok.txt")))
        try Data("email,group\na@b,1\n".utf8).write(to: URL(fileURLWithPath: folder.path("bad.csv")))
        try Data("\n\n".utf8).write(to: URL(fileURLWithPath: folder.path("empty.txt")))
        let cases: [([String], Int32, String)] = [
            (["--class", folder.path("bad.csv")], 65, "line 1: the header must name a column name or student"),
            (["--class", folder.path("empty.txt")], 65, "no students"),
            (["--class", folder.path("nowhere.txt")], 66, "no such readable file"),
            (
                ["--class", folder.path("ok.txt"), "--out", folder.path("c.png")], 64,
                "a class's sheets are written as PDF"
            ),
            (["--split-files"], 64, "--split-files"),
        ]
        for (arguments, status, mention) in cases {
            let result = try Self.run(["worksheet", "--out", folder.path("c.pdf")] + arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr.contains(mention), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let ok = try Self.run([
            "worksheet", "--class", folder.path("ok.txt"), "--turns", "1", "--out", folder.path("c.pdf"),
        ])
        #expect(ok.stdout.contains("Wrote 2 students' sheets of 1 turn in one PDF"), "\(ok.stdout)")
        #expect(try Self.keys(in: folder.path("c.pdf")).map(\.student) == ["Ana", "Bo"])
    }
}
