import Foundation
import ShapeGame

/// The facade for `score`: checks a player's responses against a set's answer key and scores them
/// with the tutorial's chain (or another injected scorer).
///
/// Responses are scored in turn order whatever their order in the file; turns without a
/// response are skipped, neither breaking nor extending a streak.
public struct ResponseScorer: Sendable {
    /// The scorer that scores each turn.
    public let scorer: any Scorer

    /// A scorer of responses with `scorer` (the tutorial's chain by default).
    public init(scorer: any Scorer = ScorerChain.tutorial) {
        self.scorer = scorer
    }

    /// Reads both files and scores; errors name the file, the line and what is wrong. Blanks
    /// are skipped, as for every set's key.
    public func score(keyFolder: URL, responsesFile: URL) throws(ShapeTurnsError) -> ScoreReport {
        let answers = try AnswerKeyReader(setFolder: keyFolder).read()
        let responses = try Self.readResponses(responsesFile)
        return try score(responses, against: answers, source: responsesFile.path)
    }

    /// Reads and parses a responses file (`--responses`).
    package static func readResponses(_ file: URL) throws(ShapeTurnsError) -> [Response] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: file.path) else {
            throw .missingInput("--responses \(file.path)", reason: "no such readable file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .badData(location: file.path, reason: "not UTF-8 text")
        }
        return try ResponsesParser(source: file.path).parse(text)
    }

    /// Scores against a set's answers, blanks skipped.
    package func score(_ responses: [Response], against answers: [TurnAnswer], source: String) throws(ShapeTurnsError) -> ScoreReport {
        let key = try ScoringKey.fromSet(answers, origin: "answer key")
        return try score(responses, against: key.sheets[0].turns, blank: .skip, source: source)
    }

    /// Scores one player's responses against a sheet's turns. A response for a turn beyond the
    /// sheet, or a second answer to a turn, fails naming its line.
    package func score(_ responses: [Response], against turns: [Turn], blank: BlankPolicy, source: String) throws(ShapeTurnsError) -> ScoreReport {
        var answers: [Int: (choice: ShapeLabel?, line: Int)] = [:]
        for response in responses {
            guard response.turn <= turns.count else {
                throw .badData(location: "\(source) line \(response.line)", reason: "turn \(response.turn) is not in the key (turns 1 to \(turns.count))")
            }
            if let earlier = answers[response.turn] {
                guard earlier.choice == nil || response.choice == nil else {
                    throw .badData(location: "\(source) line \(response.line)", reason: "turn \(response.turn) was already answered on line \(earlier.line)")
                }
                if response.choice == nil { continue }
            }
            answers[response.turn] = (response.choice, response.line)
        }
        return score(choices: answers.compactMapValues(\.choice), against: turns, blank: blank)
    }

    /// Scores the chosen shapes (turn number → choice; a missing turn is a blank) in turn order.
    public func score(choices: [Int: ShapeLabel], against turns: [Turn], blank: BlankPolicy) -> ScoreReport {
        var scoreboard = Scoreboard(scorer: scorer)
        var lines: [ScoreReport.Line] = []
        var correct = 0
        var wrong = 0
        var blanks = 0
        for turn in turns {
            let choice = choices[turn.number]
            if choice == nil {
                blanks += 1
                guard blank == .wrong else { continue }
            }
            // A blank counted wrong is played as the smaller shape: a miss that ends a streak.
            let played = choice ?? (turn.larger == .a ? .b : .a)
            let scored = scoreboard.record(turn, choice: played)
            if choice != nil {
                if scored.matched { correct += 1 } else { wrong += 1 }
            }
            lines.append(ScoreReport.Line(
                turn: scored.number, choice: choice, larger: scored.larger,
                correct: choice != nil && scored.matched, increment: scored.increment, score: scored.score
            ))
        }
        return ScoreReport(
            total: scoreboard.score, correct: correct, wrong: wrong, blank: blanks,
            turnCount: turns.count, blankPolicy: blank, turns: lines
        )
    }
}
