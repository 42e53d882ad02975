import Foundation

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
        /// Whether the answers had any row for this student; a student without is all blanks.
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
    /// Lines of the answers that were not used, with why.
    package var problems: [ScoringProblem]

    /// The gradebook as CSV: a header, then one row per student (names quoted when needed).
    package func csv() -> String {
        Self.csv(students)
    }

    /// The CSV of `csv()` for any rows: what `score --class --csv` writes and the play server's
    /// `/class/gradebook.csv` serves, so both open the same in a spreadsheet.
    package static func csv(_ students: [Entry]) -> String {
        var lines = ["number,student,sheet,handed_in,correct,wrong,blank,turns,percent,streak_points"]
        for entry in students {
            let fields = [
                String(entry.number), quoted(entry.student), entry.sheet ?? "", entry.handedIn ? "yes" : "no",
                String(entry.correct), String(entry.wrong), String(entry.blank), String(entry.turnCount),
                String(format: "%.1f", entry.percent), String(entry.streakPoints),
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Writes `csv()` to `file` atomically (a reader sees the old file or the new one).
    /// Writes the gradebook under the output policy: never over an input of the run (`policy`'s
    /// inputs), a device, or a file ShapeTurns did not write.
    package func writeCSV(to file: URL, policy: OutputPolicy = OutputPolicy(.gradebookFile)) throws(ShapeTurnsError) {
        let file = file.standardizedFileURL
        let files = try StagedOutputFiles(
            folder: file.deletingLastPathComponent(), names: [file.lastPathComponent], policy: policy)
        do {
            try files.stage(Array(csv().utf8), as: file.lastPathComponent)
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) || field.first == " " else {
            return field
        }
        return "\"\(field.replacingOccurrences(of: "\"", with: "\"\""))\""
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        let value = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return (value * 10).rounded() / 10
    }

    static func mean(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return (values.reduce(0, +) / Double(values.count) * 10).rounded() / 10
    }
}
