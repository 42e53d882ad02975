import Foundation
import ShapeTurns

/// A three-turn set made once: each input replaces its `answers.jsonl`, so the reader gets past
/// the manifest to the key's lines and its checks against the manifest.
let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-fuzz-key-\(getpid())")
    var options = GenerateOptions()
    options.turns = 3
    options.size = 16
    options.style.lineWidth = 1
    _ = try? SetGenerator(options: options).generate(into: url)
    return url
}()

/// One libFuzzer input: any bytes as the set's `answers.jsonl`, read by `AnswerKeyReader` as
/// `score` reads it. It must return the manifest's three answers numbered 1, 2, 3 or throw, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswerKey(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard (try? data.write(to: folder.appendingPathComponent("answers.jsonl"))) != nil else { return 0 }
    if let answers = try? AnswerKeyReader(setFolder: folder).read() {
        precondition(answers.count == 3, "a key was accepted with another count than its manifest's")
        precondition(answers.enumerated().allSatisfy { $0.element.turn == $0.offset + 1 }, "turns out of order")
    }
    return 0
}
