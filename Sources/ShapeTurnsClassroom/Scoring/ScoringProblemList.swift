import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The problems found while reading and scoring a class's answers: every one is counted, the
/// first `keptLimit` are kept. A file whose every cell is wrong (500 students by 10,000 turns)
/// thus costs a count, not five million messages in memory.
package struct ScoringProblemList: Sendable {
    /// Problems kept with their words; more than any command prints (`ScoringProblem.shownLimit`).
    package static let keptLimit = 1000

    package private(set) var kept: [ScoringProblem]
    package private(set) var count: Int

    package init(_ kept: [ScoringProblem] = [], count: Int? = nil) {
        self.kept = kept
        self.count = count ?? kept.count
    }

    package mutating func append(_ problem: ScoringProblem) {
        count += 1
        if kept.count < Self.keptLimit { kept.append(problem) }
    }
}
