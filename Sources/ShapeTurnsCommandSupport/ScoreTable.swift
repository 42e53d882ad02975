import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The text `score` prints for people: a player's headline and turns, or a class's gradebook.
package enum ScoreTable {
    /// The headline, streak points, then one row per scored turn.
    package static func player(_ report: ScoreReport, sheet: KeyedSheet) -> String {
        var lines = [headline(report), "Streak points: \(report.total)"]
        if let student = sheet.student {
            lines.append("Sheet \(sheet.code ?? "") of \(student)")
        }
        lines.append("")
        lines.append("turn  choice  larger  correct  points  score")
        for line in report.turns {
            lines.append(
                [
                    pad(String(line.turn), 4, right: true),
                    pad(line.choice?.rawValue ?? "-", 6),
                    pad(line.larger.rawValue, 6),
                    pad(line.correct ? "yes" : (line.choice == nil ? "blank" : "no"), 7),
                    pad(line.increment > 0 ? "+\(line.increment)" : String(line.increment), 6, right: true),
                    pad(String(line.score), 5, right: true),
                ].joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// An adaptive game's record: the headline, the estimate as the end screen shows it, and
    /// a line per turn with the ratio shown.
    package static func adaptive(_ report: ScoreReport, player: String, strategy: String, estimate: ThresholdEstimate)
        -> String
    {
        var threshold = "Threshold (\(strategy)): area ratio \(fixed(estimate.ratio, 3))"
        if let lower = estimate.lowerRatio, let upper = estimate.upperRatio {
            threshold += ", 95% interval \(fixed(lower, 3)) to \(fixed(upper, 3))"
        }
        threshold += " (Weber fraction \(fixed(estimate.weberFraction, 3)))"
        var table = Self.player(report, sheet: KeyedSheet(turns: []))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        table.insert(contentsOf: ["Player: \(player)", threshold], at: 2)
        return table.joined(separator: "\n")
    }

    /// `value` with `digits` decimals.
    private static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// `15 / 20 correct (3 wrong, 2 blank, counted wrong)`.
    package static func headline(_ report: ScoreReport) -> String {
        var details = [Plural.count(report.wrong, "wrong", plural: "wrong")]
        if report.blank > 0 {
            details.append("\(report.blank) blank, " + (report.blankPolicy == .wrong ? "counted wrong" : "skipped"))
        }
        return "\(report.correct) / \(report.turnCount) correct (\(details.joined(separator: ", ")))"
    }

    package static func gradebook(_ book: Gradebook) -> String {
        let policy = book.blankPolicy == .wrong ? "blanks count wrong" : "blanks skipped"
        var lines = ["Gradebook: \(book.responses) against \(book.key) (\(book.form.rawValue) form; \(policy))", ""]
        let nameWidth = min(28, max(7, book.students.map { DisplayWidth.of($0.student) }.max() ?? 7))
        let sheetWidth = max(5, book.students.map { ($0.sheet ?? "").count }.max() ?? 5)
        let turnsWidth = String(book.students.map(\.turnCount).max() ?? 0).count
        let scoreWidth = 2 * turnsWidth + 3
        lines.append(
            [
                pad("No.", 3, right: true), pad("Student", nameWidth), pad("Sheet", sheetWidth),
                pad("Correct", max(7, scoreWidth), right: true),
                "Wrong", "Blank", "Percent", "Streak points",
            ].joined(separator: "  "))
        for entry in book.students {
            let name = DisplayWidth.truncated(entry.student, to: nameWidth)
            guard entry.handedIn else {
                lines.append(
                    [
                        pad(String(entry.number), 3, right: true), pad(name, nameWidth),
                        pad(entry.sheet ?? "", sheetWidth),
                    ]
                    .joined(separator: "  ") + "  absent (no answers; left out of the class's figures)")
                continue
            }
            lines.append(
                [
                    pad(String(entry.number), 3, right: true),
                    pad(name, nameWidth),
                    pad(entry.sheet ?? "", sheetWidth),
                    pad("\(entry.correct) / \(entry.turnCount)", max(7, scoreWidth), right: true),
                    pad(String(entry.wrong), 5, right: true),
                    pad(String(entry.blank), 5, right: true),
                    pad(String(format: "%.1f%%", entry.percent), 7, right: true),
                    pad(String(entry.streakPoints), 13, right: true),
                ].joined(separator: "  "))
        }
        let summary = book.summary
        lines.append("")
        lines.append(
            "Class: \(summary.handedIn) of \(Plural.count(summary.students, "student")) handed in; "
                + "mean \(String(format: "%.1f", summary.meanPercent))% (\(number(summary.meanCorrect)) correct), "
                + "median \(String(format: "%.1f", summary.medianPercent))% (\(number(summary.medianCorrect)) correct)"
        )
        if summary.hardestTurns.isEmpty {
            lines.append("Hardest turns: none; every turn was answered correctly")
        } else {
            let turns = summary.hardestTurns.map { "\($0.turn) (\(String(format: "%.0f", $0.errorRate))% wrong)" }
            lines.append("Hardest turns: " + turns.joined(separator: ", "))
        }
        if !book.problems.isEmpty {
            lines.append(
                "\(Plural.count(book.problemCount > book.problems.count ? book.problemCount : Set(book.problems.map(\.line)).count, "line")) of \(book.responses) could not be used; see the messages on stderr"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// Whether two names, codes or numbers are the same when case, accents' encoding, spaces
    /// and a code's dash are set aside.
    package static func same(_ a: String, _ b: String) -> Bool {
        func key(_ text: String) -> String {
            text.precomposedStringWithCanonicalMapping.lowercased().filter { !$0.isWhitespace && $0 != "-" }
        }
        return key(a) == key(b)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// `text` filled with spaces to `width` terminal columns (`DisplayWidth`).
    package static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        DisplayWidth.padded(text, to: width, right: right)
    }
}
