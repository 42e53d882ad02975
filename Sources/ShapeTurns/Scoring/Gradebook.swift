import Foundation

/// A class's results: one entry per student (correct, wrong, blank, percent, streak points), a
/// summary (mean, median, hardest turns) and the lines of the answers that could not be used.
/// `--json` prints it as is; `csv()` is the table a spreadsheet opens.
public struct Gradebook: Sendable, Equatable, Codable {
    /// One student's row.
    public struct Entry: Sendable, Equatable, Codable {
        /// The roster position (or, for a class sharing one sheet, the order of first appearance).
        public var number: Int
        public var student: String
        /// The code of the student's sheet, when the key has one.
        public var sheet: String?
        /// Whether the answers had any row for this student; a student without is all blanks.
        public var handedIn: Bool
        public var correct: Int
        public var wrong: Int
        public var blank: Int
        public var turnCount: Int
        public var percent: Double
        public var streakPoints: Int
        /// Turn by turn, as `score --json` gives them for one player.
        public var turns: [ScoreReport.Line]
    }

    /// How one turn went across the class.
    public struct TurnResult: Sendable, Equatable, Codable {
        public var turn: Int
        public var correct: Int
        public var wrong: Int
        public var blank: Int
        /// The share of students who got it wrong (with blanks when they count wrong), in percent.
        public var errorRate: Double
    }

    /// The class at a glance, over the students who handed in.
    public struct Summary: Sendable, Equatable, Codable {
        public var students: Int
        public var handedIn: Int
        public var meanPercent: Double
        public var medianPercent: Double
        public var meanCorrect: Double
        public var medianCorrect: Double
        /// Up to five turns with the highest error rate, highest first (ties: lower turn first).
        public var hardestTurns: [TurnResult]
    }

    public var key: String
    public var responses: String
    package var form: ClassResponses.Form
    public var blankPolicy: BlankPolicy
    public var students: [Entry]
    public var summary: Summary
    /// Lines of the answers that were not used, with why.
    public var problems: [ScoringProblem]

    /// The gradebook as CSV: a header, then one row per student (names quoted when needed).
    public func csv() -> String {
        var lines = ["number,student,sheet,handed_in,correct,wrong,blank,turns,percent,streak_points"]
        for entry in students {
            let fields = [
                String(entry.number), Self.quoted(entry.student), entry.sheet ?? "", entry.handedIn ? "yes" : "no",
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
    public func writeCSV(to file: URL, policy: OutputPolicy = OutputPolicy(option: "--csv")) throws(ShapeTurnsError) {
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
