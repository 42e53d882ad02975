import ArgumentParser
import Foundation
import ShapeTurns

/// `shapeturns score`: scores a player's responses against a set's answer key.
struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Score a player's responses against a set's answer key with the tutorial's scorer chain.",
        discussion: """
            Each answered turn scores +1 when the chosen shape is the larger (a tie would match \
            either) and -1 when not, plus 10 on every turn while the run of correct answers \
            ending there is 5 or longer: five correct turns in a row score 15. Responses are \
            scored in turn order; turns without a response are skipped.

            Responses are CSV with a header (turn,choice) or JSON Lines ({"turn": 3, "choice": "b"}); \
            choices are a or b in any case.

            Examples:
              shapeturns score --key set7 --responses answers-by-ana.csv
              shapeturns score --key set7 --responses session.jsonl --json
              collect-responses | shapeturns score --key set7 --responses -
            """
    )

    @Option(help: ArgumentHelp("The set folder written by generate (it holds answers.jsonl).", valueName: "dir"))
    var key: String

    @Option(help: ArgumentHelp("The player's responses: CSV with a turn,choice header, or JSON Lines; - reads standard input.", valueName: "file"))
    var responses: String

    @Flag(help: "Print the score as JSON: total, answered, correct, unanswered and a turns array.")
    var json = false

    func run() throws {
        let report = try ResponseScorer().score(
            keyFolder: URL(fileURLWithPath: key),
            responsesFile: URL(fileURLWithPath: responses)
        )
        if json {
            print(String(decoding: try AnswerKeyEncoding.line(report), as: UTF8.self), terminator: "")
        } else {
            print(Self.table(report))
        }
    }

    private static func table(_ report: ScoreReport) -> String {
        let header = "turn  choice  larger  correct  points  score"
        let rows = report.turns.map { line in
            [
                pad(String(line.turn), 4, right: true),
                pad(line.choice.rawValue, 6),
                pad(line.larger.rawValue, 6),
                pad(line.correct ? "yes" : "no", 7),
                pad(line.increment > 0 ? "+\(line.increment)" : String(line.increment), 6, right: true),
                pad(String(line.score), 5, right: true),
            ].joined(separator: "  ")
        }
        let summary = "Total: \(report.total) (\(report.correct) of \(report.answered) answered turns correct"
            + (report.unanswered > 0 ? "; \(report.unanswered) turns unanswered)" : ")")
        return ([header] + rows + [summary]).joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
