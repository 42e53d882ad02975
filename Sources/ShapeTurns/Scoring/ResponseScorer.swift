import Foundation
import ShapeGame

/// The facade for `score`: checks a player's responses against a set's answer key and scores them
/// with the tutorial's chain (or another injected scorer).
///
/// Responses are scored in turn order whatever their order in the file; turns without a
/// response are skipped, neither breaking nor extending a streak.
public struct ResponseScorer: Sendable {
    public let scorer: any Scorer

    public init(scorer: any Scorer = ScorerChain.tutorial) {
        self.scorer = scorer
    }

    /// The longest response line accepted on average: `turn,choice` rows or small JSON objects,
    /// with room for extra columns. Bounds a responses file by the set's turns.
    static let bytesPerResponse = 1024

    /// Reads both files and scores; errors name the file, the line and what is wrong.
    /// `responsesFile` may be `-` for standard input. The responses are read only up to a size
    /// derived from the set's turns, so a runaway input fails at once.
    public func score(keyFolder: URL, responsesFile: URL) throws(ShapeTurnsError) -> ScoreReport {
        let answers = try AnswerKeyReader(setFolder: keyFolder).read()
        let path = responsesFile.relativePath == BoundedFileReader.standardInputName ? BoundedFileReader.standardInputName : responsesFile.path
        let data = try BoundedFileReader.read(
            path,
            limit: (answers.count + 64) * Self.bytesPerResponse,
            describedAs: "--responses \(path)",
            allowStandardInput: true
        )
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .badData(location: path, reason: "not UTF-8 text")
        }
        let responses = try ResponsesParser(source: path).parse(text)
        return try score(responses, against: answers, source: path)
    }

    public func score(_ responses: [Response], against answers: [TurnAnswer], source: String) throws(ShapeTurnsError) -> ScoreReport {
        var firstLine: [Int: Int] = [:]
        for response in responses {
            guard response.turn <= answers.count else {
                throw .badData(location: "\(source) line \(response.line)", reason: "turn \(response.turn) is not in the set (turns 1 to \(answers.count))")
            }
            if let earlier = firstLine[response.turn] {
                throw .badData(location: "\(source) line \(response.line)", reason: "turn \(response.turn) was already answered on line \(earlier)")
            }
            firstLine[response.turn] = response.line
        }
        var scoreboard = Scoreboard(scorer: scorer)
        var lines: [ScoreReport.Line] = []
        for response in responses.sorted(by: { $0.turn < $1.turn }) {
            guard let turn = answers[response.turn - 1].turnModel else {
                throw .badData(location: "answer key turn \(response.turn)", reason: "shapes must be a then b")
            }
            let scored = scoreboard.record(turn, choice: response.choice)
            lines.append(ScoreReport.Line(
                turn: scored.number, choice: scored.choice, larger: scored.larger,
                correct: scored.matched, increment: scored.increment, score: scored.score
            ))
        }
        return ScoreReport(
            total: scoreboard.score,
            answered: lines.count,
            correct: lines.filter(\.correct).count,
            unanswered: answers.count - lines.count,
            turns: lines
        )
    }
}
