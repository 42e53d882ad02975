import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Scores a whole class: every student's answers against their own sheet's key, into a
/// `Gradebook`. Rows that cannot be used (an unknown student, a turn beyond the sheet, a second
/// answer to a turn) become problems with their line; everything else is scored.
///
/// A student is found by sheet code, roster number (`#3`), `name #3`, or name. A name two
/// students share is given, row by row, to the first of them who has no answer for that turn
/// yet (long form) or no row yet (wide form): in roster order, as a sheet exported from the
/// roster lists them. With a key of one sheet and no roster, everyone is scored against it.
///
/// Answers scored against a key their sheets did not come from are refused rather than graded
/// (`KeyCheck`): rows naming sheet codes the key does not hold, and a class whose answers agree
/// with the key no better than guessing would while no sheet code confirms the key.
package struct ClassScorer: Sendable {
    package let scorer: ResponseScorer

    package init(scorer: ResponseScorer = ResponseScorer()) {
        self.scorer = scorer
    }

    /// Scores `answers` against `key`. `expectedSheets` are sheet codes the user read off the
    /// sheets (`--expect-sheet`); each must be one of the key's. Throws `badData` when the
    /// answers were not made on the key's sheets (see `KeyCheck`), and when any turn is one
    /// the scanner did not read and no one has decided yet (`ClassResponses.unreadTurns`): graded,
    /// it would count as a wrong answer the child may not have given.
    package func score(
        _ answers: ClassResponses, against key: ScoringKey, blank: BlankPolicy, responses: String,
        expectedSheets: [String] = []
    ) throws(ShapeTurnsError) -> Gradebook {
        if let first = answers.unreadTurns.first {
            var students: [String] = []
            for turn in answers.unreadTurns where !students.contains(turn.student) { students.append(turn.student) }
            let named =
                students.prefix(3).map { "'\(BoundedFileReader.excerpt($0))'" }.joined(separator: ", ")
                + (students.count > 3 ? " and \(students.count - 3) more" : "")
            let turns = answers.unreadTurns.count == 1 ? "1 turn" : "\(answers.unreadTurns.count) turns"
            let were = answers.unreadTurns.count == 1 ? "was" : "were"
            throw .badData(
                location: "\(responses) line \(first.line)",
                reason:
                    "\(turns) of \(named) \(were) not read from the scans (flag 'not read'): type each one's choice from the paper (a, b, or empty for a blank) and clear its flag, or decide them on scan's review page; nothing is scored until then"
            )
        }
        var check = KeyCheck(key: key, responses: responses)
        try check.expect(expectedSheets)
        var problems = ScoringProblemList()
        // Rows left unscored as a whole: what reading them found is moot, one message says why.
        var unscored: Set<Int> = []
        func notScored(_ row: ClassResponses.Row, _ message: String) {
            problems.append(ScoringProblem(line: row.line, message: message))
            unscored.insert(row.line)
        }
        var sheets = key.sheets
        var resolver = StudentResolver(sheets: sheets)
        let shared = sheets.count == 1 && sheets[0].student == nil
        var choices: [[Int: (choice: ShapeLabel?, line: Int)]] = Array(repeating: [:], count: sheets.count)
        var handedIn = Array(repeating: false, count: sheets.count)
        var rowsClaimed = Array(repeating: false, count: sheets.count)
        var reportedColumns: Set<Int> = []
        var sharedRows: [Int: Int] = [:]

        for row in answers.rows {
            let index: Int
            if let code = row.sheet ?? resolver.code(writtenIn: row.student, roster: !shared),
                !check.confirms(code, line: row.line)
            {
                continue
            }
            if shared {
                if StudentResolver.rosterNumber(row.student) != nil {
                    notScored(
                        row,
                        "'\(row.student)' is a roster number, but \(key.origin) has no roster; name the student, or score with the class's key (--key CLASS.pdf or --seed with --roster); not scored"
                    )
                    continue
                }
                index = resolver.sharedSheet(for: row.student, template: key.sheets[0], sheets: &sheets)
                if answers.form == .wide, let first = sharedRows[index] {
                    notScored(
                        row,
                        "a second row for '\(row.student)' (first on line \(first)); in a class sharing one sheet each name must be one student's; not scored"
                    )
                    continue
                }
                sharedRows[index] = row.line
                if choices.count < sheets.count {
                    choices.append([:])
                    handedIn.append(false)
                    rowsClaimed.append(false)
                }
            } else {
                let candidates = resolver.candidates(for: row.student)
                guard !candidates.isEmpty else {
                    let suggestion = resolver.closestName(to: row.student).map { "; did you mean '\($0)'?" } ?? ""
                    notScored(
                        row,
                        "unknown student '\(BoundedFileReader.excerpt(row.student))': not on the roster of \(key.origin)\(suggestion) (give a name, sheet code or roster number as #3); not scored"
                    )
                    continue
                }
                if let code = row.sheet, let owner = resolver.sheet(code: code), !candidates.contains(owner) {
                    notScored(
                        row,
                        "'\(BoundedFileReader.excerpt(row.student))' is written beside sheet \(code), which is \(sheets[owner].label)'s; check the name or the code; not scored"
                    )
                    continue
                }
                switch answers.form {
                case .wide:
                    index = candidates.first { !rowsClaimed[$0] } ?? candidates[0]
                case .long:
                    let turn = row.responses.first?.turn ?? 0
                    index = candidates.first { choices[$0][turn] == nil } ?? candidates[0]
                }
            }
            rowsClaimed[index] = true
            handedIn[index] = true
            let turnCount = sheets[index].turns.count
            for response in row.responses {
                guard response.turn <= turnCount else {
                    if answers.form == .long {
                        problems.append(
                            ScoringProblem(
                                line: response.line,
                                message:
                                    "turn \(response.turn) is out of range: \(sheets[index].label)'s sheet has turns 1 to \(turnCount); not scored"
                            ))
                    } else if response.choice != nil, reportedColumns.insert(response.turn).inserted {
                        problems.append(
                            ScoringProblem(
                                line: response.line,
                                message:
                                    "turn \(response.turn) is out of range: the sheets have turns 1 to \(turnCount); that column is not scored"
                            ))
                    }
                    continue
                }
                if let earlier = choices[index][response.turn] {
                    guard earlier.choice != nil, response.choice != nil else {
                        if earlier.choice == nil { choices[index][response.turn] = (response.choice, response.line) }
                        continue
                    }
                    problems.append(
                        ScoringProblem(
                            line: response.line,
                            message:
                                "a second answer for \(sheets[index].label), turn \(response.turn) (first on line \(earlier.line)); the first is kept"
                        ))
                    continue
                }
                choices[index][response.turn] = (response.choice, response.line)
            }
        }

        var entries: [Gradebook.Entry] = []
        for (index, sheet) in sheets.enumerated() {
            let report = scorer.score(
                choices: choices[index].compactMapValues(\.choice), against: sheet.turns, blank: blank)
            entries.append(
                Gradebook.Entry(
                    number: sheet.number ?? index + 1, student: sheet.student ?? sheet.code ?? "Student \(index + 1)",
                    sheet: shared ? key.sheets[0].code : sheet.code, handedIn: handedIn[index],
                    correct: report.correct, wrong: report.wrong, blank: report.blank, turnCount: report.turnCount,
                    percent: report.percent, streakPoints: report.total, turns: report.turns
                ))
        }
        let read = answers.problems.filter { !unscored.contains($0.line) }
        let dropped = answers.problems.count - read.count
        problems = ScoringProblemList(
            Array((read + problems.kept).sorted { $0.line < $1.line }.prefix(ScoringProblemList.keptLimit)),
            count: answers.problemCount - dropped + problems.count)
        try check.verify(entries.filter(\.handedIn))
        return Gradebook(
            key: key.origin, responses: responses, form: answers.form, blankPolicy: blank,
            students: entries, summary: Self.summary(entries, sheets: sheets, choices: choices, blank: blank),
            problems: problems.kept.sorted { $0.line < $1.line }, problemCount: problems.count
        )
    }

    package static func summary(
        _ entries: [Gradebook.Entry], sheets: [KeyedSheet], choices: [[Int: (choice: ShapeLabel?, line: Int)]],
        blank: BlankPolicy
    ) -> Gradebook.Summary {
        let present = entries.indices.filter { entries[$0].handedIn }
        let longest = sheets.map(\.turns.count).max() ?? 0
        var results: [Gradebook.TurnResult] = []
        for turn in (longest > 0 ? 1...longest : 1...0) {
            var result = Gradebook.TurnResult(turn: turn, correct: 0, wrong: 0, blank: 0, errorRate: 0)
            for index in present where turn <= sheets[index].turns.count {
                guard let choice = choices[index][turn]?.choice else {
                    result.blank += 1
                    continue
                }
                if sheets[index].turns[turn - 1].isMatch(tapping: choice) {
                    result.correct += 1
                } else {
                    result.wrong += 1
                }
            }
            let errors = result.wrong + (blank == .wrong ? result.blank : 0)
            let counted = result.correct + result.wrong + (blank == .wrong ? result.blank : 0)
            result.errorRate = ScoreReport.percent(errors, of: counted)
            results.append(result)
        }
        let hardest = results.filter { $0.errorRate > 0 }
            .sorted { $0.errorRate != $1.errorRate ? $0.errorRate > $1.errorRate : $0.turn < $1.turn }
        return Gradebook.Summary(
            students: entries.count,
            handedIn: present.count,
            meanPercent: Gradebook.mean(present.map { entries[$0].percent }),
            medianPercent: Gradebook.median(present.map { entries[$0].percent }),
            meanCorrect: Gradebook.mean(present.map { Double(entries[$0].correct) }),
            medianCorrect: Gradebook.median(present.map { Double(entries[$0].correct) }),
            hardestTurns: Array(hardest.prefix(5))
        )
    }
}
