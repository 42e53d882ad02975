import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore
import ShapeTurnsSets

/// The facade for `score`: checks a player's responses against a set's answer key and scores them
/// with the tutorial's chain (or another injected scorer).
///
/// Responses are scored in turn order whatever their order in the file; turns without a
/// response are skipped, neither breaking nor extending a streak.
public struct ResponseScorer: Sendable {
    /// The scorer that scores each turn.
    package let scorer: any Scorer

    /// A scorer of responses with `scorer` (the tutorial's chain by default).
    public init(scorer: any Scorer = ScorerChain.tutorial) {
        self.scorer = scorer
    }

    /// Reads both files and scores; errors name the file, the line and what is wrong. Blanks
    /// are skipped, as for every set's key.
    public func score(keyFolder: URL, responsesFile: URL) throws(ShapeTurnsError) -> ScoreReport {
        let answers = try AnswerKeyReader(setFolder: keyFolder).read()
        let responses = try Self.readResponses(responsesFile, turns: answers.count)
        return try score(responses, against: answers, source: Self.source(responsesFile))
    }

    /// The longest response line accepted on average: `turn,choice` rows or small JSON objects,
    /// with room for extra columns. Bounds a responses file by the key's turns.
    package static let bytesPerResponse = 1024

    /// Reads and parses a responses file (`--responses`; `-` reads standard input), only up to
    /// a size derived from the key's `turns` (or 10,000 turns, a worksheet's most), so a
    /// runaway input fails at once.
    package static func readResponses(_ file: URL, turns: Int? = nil) throws(ShapeTurnsError) -> [Response] {
        let path = source(file)
        let data = try BoundedFileReader.read(
            path, limit: responsesLimit(turns: turns), describedAs: "\(.responses, path)", allowStandardInput: true)
        return try parseResponses(data, turns: turns, source: path)
    }

    /// Parses responses already read (standard input read once to tell a `play` record from
    /// plain responses), within the bound `readResponses` reads them with.
    package static func parseResponses(_ data: [UInt8], turns: Int? = nil, source path: String)
        throws(ShapeTurnsError) -> [Response]
    {
        let limit = responsesLimit(turns: turns)
        guard data.count <= limit else {
            throw .badData(location: "\(.responses, path)", because: "is longer than the \(limit) bytes accepted here")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .badData(location: path, reason: "not UTF-8 text")
        }
        return try ResponsesParser(source: path).parse(text)
    }

    /// The most bytes a responses file for `turns` turns (or a worksheet's most) may have.
    package static func responsesLimit(turns: Int?) -> Int {
        ((turns ?? WorksheetOptions.turnLimit) + 64) * bytesPerResponse
    }

    /// `-` for standard input, else the file's path.
    private static func source(_ file: URL) -> String {
        file.relativePath == BoundedFileReader.standardInputName ? BoundedFileReader.standardInputName : file.path
    }

    /// Scores against a set's answers, blanks skipped.
    package func score(_ responses: [Response], against answers: [TurnAnswer], source: String) throws(ShapeTurnsError)
        -> ScoreReport
    {
        let key = try ScoringKey.fromSet(answers, origin: "answer key")
        return try score(responses, against: key.sheets[0].turns, blank: .skip, source: source)
    }

    /// Scores one player's responses against a sheet's turns. A response for a turn beyond the
    /// sheet, or a second answer to a turn, fails naming its line.
    package func score(_ responses: [Response], against turns: [Turn], blank: BlankPolicy, source: String)
        throws(ShapeTurnsError) -> ScoreReport
    {
        var answers: [Int: (choice: ShapeLabel?, line: Int)] = [:]
        for response in responses {
            guard response.turn >= 1, response.turn <= turns.count else {
                throw .badData(
                    location: "\(source) line \(response.line)",
                    reason: "turn \(response.turn) is not in the key (turns 1 to \(turns.count))")
            }
            if let earlier = answers[response.turn] {
                guard earlier.choice == nil || response.choice == nil else {
                    throw .badData(
                        location: "\(source) line \(response.line)",
                        reason: "turn \(response.turn) was already answered on line \(earlier.line)")
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
            lines.append(
                ScoreReport.Line(
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
