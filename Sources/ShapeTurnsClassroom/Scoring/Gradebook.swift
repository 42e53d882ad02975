import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// A class's results: one entry per student (correct, wrong, blank, percent, streak points), a
/// summary (mean, median, hardest turns) and the lines of the answers that could not be used.
/// `--json` prints it as is; `csv()` is the table a spreadsheet opens.
package struct Gradebook: Sendable, Equatable, Codable {
    /// One student's row.
    package struct Entry: Sendable, Equatable, Codable {
        /// The roster position (or, for a class sharing one sheet, the order of first appearance).
        package var number: Int
        package var student: String
        /// The code of the student's sheet, when the key has one.
        package var sheet: String?
        /// Whether the answers had any row for this student. One without is absent: scored as all
        /// blanks here, left out of the summary, and written with `null` scores (`encode(to:)`).
        package var handedIn: Bool
        package var correct: Int
        package var wrong: Int
        package var blank: Int
        package var turnCount: Int
        package var percent: Double
        package var streakPoints: Int
        /// Turn by turn, as `score --json` gives them for one player.
        package var turns: [ScoreReport.Line]

        package init(
            number: Int, student: String, sheet: String?, handedIn: Bool, correct: Int, wrong: Int, blank: Int,
            turnCount: Int, percent: Double, streakPoints: Int, turns: [ScoreReport.Line]
        ) {
            self.number = number
            self.student = student
            self.sheet = sheet
            self.handedIn = handedIn
            self.correct = correct
            self.wrong = wrong
            self.blank = blank
            self.turnCount = turnCount
            self.percent = percent
            self.streakPoints = streakPoints
            self.turns = turns
        }
    }

    /// How one turn went across the class.
    package struct TurnResult: Sendable, Equatable, Codable {
        package var turn: Int
        package var correct: Int
        package var wrong: Int
        package var blank: Int
        /// The share of students who got it wrong (with blanks when they count wrong), in percent.
        package var errorRate: Double
    }

    /// The class at a glance, over the students who handed in.
    package struct Summary: Sendable, Equatable, Codable {
        package var students: Int
        package var handedIn: Int
        package var meanPercent: Double
        package var medianPercent: Double
        package var meanCorrect: Double
        package var medianCorrect: Double
        /// Up to five turns with the highest error rate, highest first (ties: lower turn first).
        package var hardestTurns: [TurnResult]
    }

    package var key: String
    package var responses: String
    package var form: ClassResponses.Form
    package var blankPolicy: BlankPolicy
    package var students: [Entry]
    package var summary: Summary
    /// Lines of the answers that were not used, with why: the first
    /// `ScoringProblemList.keptLimit` of them, by line.
    package var problems: [ScoringProblem]
    /// How many problems there were in all (`problems` may list fewer).
    package var problemCount: Int

    /// The gradebook as CSV: a header, then one row per student (names quoted when needed). A
    /// student without answers is `absent` and their score cells are empty, so a spreadsheet's
    /// average leaves them out as the summary does.
    package func csv() -> String {
        Self.csv(students)
    }

    /// The CSV of `csv()` for any rows: what `score --class --csv` writes and the play server's
    /// `/class/gradebook.csv` serves, so both open the same in a spreadsheet.
    package static func csv(_ students: [Entry]) -> String {
        var lines = ["number,student,sheet,status,correct,wrong,blank,turns,percent,streak_points"]
        for entry in students {
            let scores =
                entry.handedIn
                ? [
                    String(entry.correct), String(entry.wrong), String(entry.blank), String(entry.turnCount),
                    String(format: "%.1f", entry.percent), String(entry.streakPoints),
                ] : ["", "", "", String(entry.turnCount), "", ""]
            let fields =
                [
                    String(entry.number), CSVField.escaped(entry.student), CSVField.escaped(entry.sheet ?? ""),
                    entry.handedIn ? "present" : "absent",
                ]
                + scores
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Writes `csv()` to `file` atomically (a reader sees the old file or the new one).
    /// Writes the gradebook under the output policy: never over an input of the run (`policy`'s
    /// inputs), a device, or a file ShapeTurns did not write.
    package func writeCSV(to file: URL, policy: OutputPolicy = OutputPolicy(.gradebookFile)) throws(ShapeTurnsError) {
        try policy.write(Array(csv().utf8), to: file)
    }

    package static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        let value = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return (value * 10).rounded() / 10
    }

    package static func mean(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return (values.reduce(0, +) / Double(values.count) * 10).rounded() / 10
    }
}

extension Gradebook.Entry {
    private enum CodingKeys: String, CodingKey {
        case number, student, sheet, handedIn, correct, wrong, blank, turnCount, percent, streakPoints, turns
    }

    /// Writes every key; an absent student's `correct`, `wrong`, `blank`, `percent`,
    /// `streakPoints` and `turns` are `null`, so a program averaging them meets no zeros
    /// nobody earned (as the CSV leaves those cells empty).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(student, forKey: .student)
        try container.encodeIfPresent(sheet, forKey: .sheet)
        try container.encode(handedIn, forKey: .handedIn)
        try container.encode(turnCount, forKey: .turnCount)
        try container.encode(handedIn ? correct : nil, forKey: .correct)
        try container.encode(handedIn ? wrong : nil, forKey: .wrong)
        try container.encode(handedIn ? blank : nil, forKey: .blank)
        try container.encode(handedIn ? percent : nil, forKey: .percent)
        try container.encode(handedIn ? streakPoints : nil, forKey: .streakPoints)
        try container.encode(handedIn ? turns : nil, forKey: .turns)
    }

    /// Reads what `encode(to:)` writes; a `null` score is read as 0 (an absent student's).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        student = try container.decode(String.self, forKey: .student)
        sheet = try container.decodeIfPresent(String.self, forKey: .sheet)
        handedIn = try container.decode(Bool.self, forKey: .handedIn)
        turnCount = try container.decode(Int.self, forKey: .turnCount)
        correct = try container.decodeIfPresent(Int.self, forKey: .correct) ?? 0
        wrong = try container.decodeIfPresent(Int.self, forKey: .wrong) ?? 0
        blank = try container.decodeIfPresent(Int.self, forKey: .blank) ?? 0
        percent = try container.decodeIfPresent(Double.self, forKey: .percent) ?? 0
        streakPoints = try container.decodeIfPresent(Int.self, forKey: .streakPoints) ?? 0
        turns = try container.decodeIfPresent([ScoreReport.Line].self, forKey: .turns) ?? []
    }
}
