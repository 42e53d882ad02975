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

    /// Reads both files and scores; errors name the file, the line and what is wrong.
    public func score(keyFolder: URL, responsesFile: URL) throws(ShapeTurnsError) -> ScoreReport {
        let answers = try AnswerKeyReader(setFolder: keyFolder).read()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: responsesFile.path, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: responsesFile.path) else {
            throw .missingInput("--responses \(responsesFile.path)", reason: "no such readable file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .badData(location: responsesFile.path, reason: "not UTF-8 text")
        }
        let responses = try ResponsesParser(source: responsesFile.path).parse(text)
        return try score(responses, against: answers, source: responsesFile.path)
    }

    /// Scores `responses` against `answers` (turn 1 first); a response for a turn outside
    /// 1...`answers.count`, or a second response for a turn, is bad data at its line of `source`.
    public func score(_ responses: [Response], against answers: [TurnAnswer], source: String) throws(ShapeTurnsError) -> ScoreReport {
        var firstLine: [Int: Int] = [:]
        for response in responses {
            guard response.turn >= 1, response.turn <= answers.count else {
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
