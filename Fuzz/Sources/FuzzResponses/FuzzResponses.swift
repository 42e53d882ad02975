import Foundation
import ShapeGame
import ShapeTurns

/// Three turns' answers to score fuzzed responses against, made once.
let answers: [TurnAnswer] = {
    var options = GenerateOptions()
    options.turns = 3
    options.size = 16
    options.style.lineWidth = 1
    guard let generator = try? SetGenerator(options: options) else { return [] }
    return (1...3).compactMap { try? generator.renderTurn(number: $0).answer }
}()

/// One libFuzzer input: any bytes as a responses file, read as CSV and as JSON Lines, then
/// scored. Each step must return or throw a `ShapeTurnsError`, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponses(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = String(decoding: start.map { UnsafeRawBufferPointer(start: $0, count: count) } ?? UnsafeRawBufferPointer(start: nil, count: 0), as: UTF8.self)
    for source in ["responses.csv", "responses.jsonl", "responses.txt"] {
        guard let responses = try? ResponsesParser(source: source).parse(text) else { continue }
        precondition(responses.allSatisfy { $0.turn >= 1 }, "a parsed response has a turn below 1")
        if let report = try? ResponseScorer().score(responses, against: answers, source: source) {
            precondition(report.answered + report.unanswered == answers.count, "the report does not add up")
        }
    }
    return 0
}
