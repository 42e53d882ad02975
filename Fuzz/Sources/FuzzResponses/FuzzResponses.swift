import Foundation
import ShapeTurns

/// A three-turn set made once, whose key every input is scored against, and the files the
/// inputs are written to (one per extension, so each format's parser is reached).
let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-fuzz-responses-\(getpid())")
    var options = GenerateOptions()
    options.turns = 3
    options.size = 16
    options.style.lineWidth = 1
    _ = try? SetGenerator(options: options).generate(into: url.appendingPathComponent("set"))
    return url
}()

/// One libFuzzer input: any bytes as a responses file (read as CSV, as JSON Lines and by
/// sniffing), scored against the key. Each step must return or throw, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponses(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    for name in ["responses.csv", "responses.jsonl", "responses.txt"] {
        let file = folder.appendingPathComponent(name)
        guard (try? data.write(to: file)) != nil else { continue }
        guard let report = try? ResponseScorer().score(keyFolder: folder.appendingPathComponent("set"), responsesFile: file) else {
            continue
        }
        precondition(report.turns.allSatisfy { (1...3).contains($0.turn) }, "a scored turn is not in the key")
        precondition(report.correct + report.wrong + report.blank == report.turnCount, "the report does not add up")
    }
    return 0
}
