import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Whether a class's answers were made on the sheets of the key they are scored against.
///
/// A key of another week or class scores every student near 50% with nothing to see: their
/// sheets hold other turns. So the answers are refused (`badData`, exit 65) when
///
/// - a sheet code they carry (a `sheet` column, a student named by code, `--expect-sheet`) is
///   not one of the key's sheets, or
/// - no sheet code confirms the key, and the answers given agree with it no better than
///   guessing would: over at least `minimumAnswers` answers, fewer correct than half of them
///   plus two standard deviations of a coin's count (`n/2 + 2·√(n/4)`; a class at 61% of 100
///   answers is over that line, 48% of 300 is not).
///
/// A sheet code the key does hold confirms it, so a class that really did guess is graded once
/// its sheet codes are given. One player's answers are checked the same way by
/// `verify(player:sheet:of:expected:responses:)`.
package struct KeyCheck: Sendable {
    /// Fewer answers than this say too little to tell guessing from a weak class.
    package static let minimumAnswers = 40

    package let key: ScoringKey
    package let responses: String
    private var codes: Set<String> = []
    private var confirmed = false
    private var foreign: [(code: String, line: Int)] = []

    package init(key: ScoringKey, responses: String) {
        self.key = key
        self.responses = responses
        codes = Set(key.sheets.compactMap(\.code).map(SheetCode.normalized))
    }

    /// Checks the codes given with `--expect-sheet`; each must be one of the key's sheets.
    package mutating func expect(_ expected: [String]) throws(ShapeTurnsError) {
        for code in expected {
            guard codes.contains(SheetCode.normalized(code)) else {
                throw .badData(
                    location: "\(.expectedSheets, code)",
                    because:
                        "no sheet of \(key.origin) has this code: the answers' sheets were not made with this key (another week's or class's?); give the key their footers name"
                )
            }
            confirmed = true
        }
    }

    /// Whether the row at `line` may be scored: its sheet code is one of the key's. A code that
    /// is not is remembered; `verify` then refuses the answers.
    package mutating func confirms(_ code: String, line: Int) -> Bool {
        guard codes.contains(SheetCode.normalized(code)) else {
            foreign.append((code, line))
            return false
        }
        confirmed = true
        return true
    }

    /// Throws when rows named foreign sheet codes, or when the students who handed in agree with
    /// the key only as guessing would and no sheet code confirmed it.
    package func verify(_ handedIn: [Gradebook.Entry]) throws(ShapeTurnsError) {
        if let first = foreign.first {
            let count = Set(foreign.map { SheetCode.normalized($0.code) }).count
            throw .badData(
                location: "\(responses) line \(first.line)",
                reason:
                    "sheet \(first.code)\(count > 1 ? " and \(count - 1) other sheet code\(count == 2 ? "" : "s")" : "") in these answers \(count > 1 ? "are" : "is") not in \(key.origin): the answers come from sheets another key made (another week's or class's?); score them with the key of the sheets they name"
            )
        }
        guard !confirmed else { return }
        try Self.refuseGuessing(
            correct: handedIn.reduce(0) { $0 + $1.correct },
            answered: handedIn.reduce(0) { $0 + $1.correct + $1.wrong },
            of: "these answers", key: key.origin, responses: responses, sheetColumn: true)
    }

    /// Checks one player's answers (`score --responses`), scored in `report` against `sheet` of
    /// `key`: each code of `expected` (`--expect-sheet`) must be the sheet's, and with none, a
    /// sheet that has a code (a worksheet's) is refused when the answers agree with it no better
    /// than guessing. A set's key has no code the player could confirm, so it is not checked.
    package static func verify(
        player report: ScoreReport, sheet: KeyedSheet, of key: ScoringKey, expected: [String], responses: String
    ) throws(ShapeTurnsError) {
        for code in expected where SheetCode.normalized(code) != SheetCode.normalized(sheet.code ?? "") {
            throw .badData(
                location: "\(.expectedSheets, code)",
                because:
                    "the sheet scored (\(sheet.label)) of \(key.origin) has code \(sheet.code ?? "none"): these responses' sheet was not made with this key; give the key its footer names"
            )
        }
        guard expected.isEmpty, sheet.code != nil else { return }
        try refuseGuessing(
            correct: report.correct, answered: report.answered, of: "these responses", key: key.origin,
            responses: responses)
    }

    /// Throws when `correct` of `answered` is no better than guessing (see the type's notes).
    private static func refuseGuessing(
        correct: Int, answered: Int, of what: String, key: String, responses: String, sheetColumn: Bool = false
    ) throws(ShapeTurnsError) {
        guard answered >= minimumAnswers else { return }
        let line = Double(answered) / 2 + 2 * (Double(answered) / 4).squareRoot()
        guard Double(correct) < line else { return }
        let percent = (Double(correct) * 1000 / Double(answered)).rounded() / 10
        throw .badData(
            location: Wording(responses),
            because:
                "\(what) agree with \(key) on \(correct) of \(answered) turns answered (\(String(format: "%.1f", percent))%), as guessing would: were the sheets made with another key (another week's or class's)? Compare the sheet codes in the footers with the key's; to grade anyway, give one with \(.expectedSheets)\(sheetColumn ? " or a sheet column" : "")"
        )
    }
}
