import Foundation
import ShapeTurns

// snippet.read-answer-key
/// How many turns of a generated set have each answer, read from the set's `answers.jsonl`.
public struct AnswerKeySummary: Equatable, Sendable {
    /// Turns whose larger shape is A, and B.
    public var largerA = 0, largerB = 0
    /// The smallest area ratio in the set: its hardest turn.
    public var hardestRatio = Double.infinity

    /// Reads the answer key of the set in `folder` (what `shapeturns generate --out` wrote).
    public init(setFolder folder: URL) throws {
        for answer in try AnswerKeyReader(setFolder: folder).read() {
            if answer.larger == .a { largerA += 1 } else { largerB += 1 }
            hardestRatio = min(hardestRatio, answer.areaRatio)
        }
    }
}
// snippet.end

/// Generates a small set into `folder` with the library, as `shapeturns generate` would.
public func generateSampleSet(into folder: URL, turns: Int = 20, seed: UInt64 = 7) throws {
    var options = GenerateOptions()
    options.turns = turns
    options.seed = seed
    options.size = 64
    options.shapes = [.square, .circle, .triangle]
    _ = try SetGenerator(options: options).generate(into: folder)
}
