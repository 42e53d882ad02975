import Foundation
import ShapeTurns
import Testing

@Suite("shapeturns score, end to end")
struct ScoreCommandTests {
    struct GenerateFailed: Error {
        let stderr: String
    }

    /// A 30-turn set and its answers, made once per test.
    struct Set {
        let folder: TemporaryFolder
        let answers: [TurnAnswer]

        init() throws {
            folder = try TemporaryFolder()
            let result = try ShapeTurnsBinary.run([
                "generate", "--turns", "30", "--seed", "7", "--size", "64", "--out", folder.path("set"),
            ])
            guard result.status == 0 else { throw GenerateFailed(stderr: result.stderr) }
            let data = try Data(contentsOf: folder.url.appendingPathComponent("set/answers.jsonl"))
            answers = try data.split(separator: UInt8(ascii: "\n")).map {
                try JSONDecoder().decode(TurnAnswer.self, from: Data($0))
            }
        }

        /// Writes responses for `turns`, right where `pattern` has "1" and wrong where "0".
        func responses(_ turns: [Int], _ pattern: String, as format: String = "csv", name: String = "responses") throws
            -> String
        {
            let marks = Array(pattern)
            let rows = turns.enumerated().map { index, turn -> (Int, String) in
                let larger = answers[turn - 1].larger.rawValue
                let choice = marks[index] == "1" ? larger : (larger == "a" ? "b" : "a")
                return (turn, index % 2 == 0 ? choice.uppercased() : choice)
            }
            let text =
                format == "csv"
                ? "turn,choice\n" + rows.map { "\($0.0),\($0.1)" }.joined(separator: "\n") + "\n"
                : rows.map { "{\"turn\": \($0.0), \"choice\": \"\($0.1)\"}" }.joined(separator: "\n") + "\n"
            let file = folder.url.appendingPathComponent("\(name).\(format)")
            try Data(text.utf8).write(to: file)
            return file.path
        }

        func score(_ responses: String) throws -> ScoreReport {
            let result = try ShapeTurnsBinary.run([
                "score", "--key", folder.path("set"), "--responses", responses, "--json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            return try JSONDecoder().decode(ScoreReport.self, from: Data(result.stdout.utf8))
        }
    }

    @Test(arguments: [
        ("11111", 15),
        ("00000", -5),
        ("111111111111111111111111111111", 30 + 26 * 10),
        ("000000000000000000000000000000", -30),
        ("1111111011111111", 7 + 30 - 1 + 8 + 40),
        ("11110111101111011110", 16 - 4),
        ("101010", 0),
    ])
    func responsePatternsTotalWhatTheChainGives(pattern: String, total: Int) throws {
        let set = try Set()
        for format in ["csv", "jsonl"] {
            let report = try set.score(try set.responses(Array(1...pattern.count), pattern, as: format))
            #expect(report.total == total, "\(format)")
            #expect(report.answered == pattern.count)
            #expect(report.correct == pattern.filter { $0 == "1" }.count)
            #expect(report.unanswered == 30 - pattern.count)
            #expect(report.turns.last?.score == total)
        }
    }

    @Test func fiveResponsesSpreadOverALongerSetScoreFifteenInTurnOrder() throws {
        let set = try Set()
        let report = try set.score(try set.responses([25, 3, 17, 8, 12], "11111"))
        #expect(report.total == 15)
        #expect(report.turns.map(\.turn) == [3, 8, 12, 17, 25])
        #expect(report.turns.map(\.increment) == [1, 1, 1, 1, 11])
    }

    @Test func theHumanTableStartsWithTheCountThenTheStreakPoints() throws {
        let set = try Set()
        let result = try ShapeTurnsBinary.run([
            "score", "--key", set.folder.path("set"), "--responses", try set.responses(Array(1...5), "11111"),
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "5 / 30 correct (0 wrong, 25 blank, skipped)")
        #expect(lines.dropFirst().first == "Streak points: 15")
        #expect(lines.dropFirst(3).first?.hasPrefix("turn") == true)
        #expect(lines.count == 10)
        #expect(lines.dropLast().last == "   5  a       a       yes         +11     15")
        let one = try ShapeTurnsBinary.run([
            "score", "--key", set.folder.path("set"), "--responses", try set.responses([2], "0", name: "one"),
        ])
        #expect(one.stdout.hasPrefix("0 / 30 correct (1 wrong, 29 blank, skipped)\nStreak points: -1\n"))
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let mentions: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "choice.csv", text: "turn,choice\n1,a\n2,c\n", mentions: "line 3: choice 'c' must be a or b"),
        BadFile(name: "turn.csv", text: "turn,choice\nthree,a\n", mentions: "line 2: turn 'three'"),
        BadFile(name: "zero.csv", text: "turn,choice\n0,a\n", mentions: "line 2: turn '0'"),
        BadFile(
            name: "outside.csv", text: "turn,choice\n31,a\n",
            mentions: "line 2: turn 31 is not in the key (turns 1 to 30)"),
        BadFile(
            name: "twice.csv", text: "turn,choice\n4,a\n5,b\n4,b\n",
            mentions: "line 4: turn 4 was already answered on line 2"),
        BadFile(
            name: "header.csv", text: "number,pick\n1,a\n",
            mentions: "line 1: the header must name the columns turn and choice"),
        BadFile(name: "fields.csv", text: "turn,choice\n1,a,extra\n", mentions: "line 2: expected 2 fields"),
        BadFile(name: "empty.csv", text: "\n\n", mentions: "no responses"),
        BadFile(
            name: "broken.jsonl", text: "{\"turn\": 1, \"choice\": \"a\"}\n{\"turn\": 2, \"choice\": \n",
            mentions: "line 2: not a JSON object"),
        BadFile(name: "nochoice.jsonl", text: "{\"turn\": 1}\n", mentions: "line 1: no \"choice\""),
        BadFile(
            name: "sniffed.txt", text: "{\"turn\": 1, \"choice\": \"x\"}\n",
            mentions: "line 1: choice 'x' must be a or b"),
    ]

    @Test(arguments: badFiles)
    func malformedResponsesNameTheLineAndExit65(_ bad: BadFile) throws {
        let set = try Set()
        let file = set.folder.url.appendingPathComponent(bad.name)
        try Data(bad.text.utf8).write(to: file)
        let result = try ShapeTurnsBinary.run(["score", "--key", set.folder.path("set"), "--responses", file.path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(bad.mentions), "\(result.stderr)")
    }

    @Test func missingFilesAndKeysExit66AndBadKeys65() throws {
        let set = try Set()
        let responses = try set.responses([1], "1")
        let noKey = try ShapeTurnsBinary.run(["score", "--key", set.folder.path("nowhere"), "--responses", responses])
        #expect(noKey.status == 66)
        #expect(noKey.stderr.contains("no such folder"))
        let noResponses = try ShapeTurnsBinary.run([
            "score", "--key", set.folder.path("set"), "--responses", set.folder.path("none.csv"),
        ])
        #expect(noResponses.status == 66)
        let notASet = try ShapeTurnsBinary.run(["score", "--key", set.folder.url.path, "--responses", responses])
        #expect(notASet.status == 66)
        #expect(notASet.stderr.contains("answers.jsonl"))

        let answers = set.folder.url.appendingPathComponent("set/answers.jsonl")
        var lines = try String(contentsOf: answers, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = "{\"turn\": 3}"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: answers)
        let corrupt = try ShapeTurnsBinary.run(["score", "--key", set.folder.path("set"), "--responses", responses])
        #expect(corrupt.status == 65)
        #expect(corrupt.stderr.contains("answers.jsonl line 3"))
    }
}
