import Foundation
import ShapeTurns

/// A folder of this process's own that each input is written into as `answers.jsonl`.
let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-fuzz-key-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// One libFuzzer input: any bytes as a set's `answers.jsonl`, read by `AnswerKeyReader` as
/// `score` reads it. It must return answers numbered 1, 2, 3, ... or throw, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswerKey(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard (try? data.write(to: folder.appendingPathComponent("answers.jsonl"))) != nil else { return 0 }
    if let answers = try? AnswerKeyReader(setFolder: folder).read() {
        precondition(answers.enumerated().allSatisfy { $0.element.turn == $0.offset + 1 }, "turns out of order")
    }
    return 0
}
