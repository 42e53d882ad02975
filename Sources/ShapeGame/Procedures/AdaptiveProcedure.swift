/// An adaptive psychophysical procedure: it chooses the area ratio of each turn from the answers
/// so far, and estimates the ratio a player can still tell apart.
///
/// Procedures are values: `record(ratio:correct:)` moves one to its next state, so a game can be
/// replayed from its played turns and a simulation can run thousands of independent copies.
package protocol AdaptiveProcedure: Sendable {
    /// The area ratio (larger over smaller, above 1) the next turn should show.
    var nextRatio: Double { get }
    /// Whether the procedure has stopped on its own rule (a game also stops at its turn count).
    var isFinished: Bool { get }
    /// The estimate so far: the 75%-correct threshold, with an interval where the procedure has one.
    var estimate: ThresholdEstimate { get }
    /// Takes the answer to a turn that showed `ratio`.
    mutating func record(ratio: Double, correct: Bool)
}

extension AdaptiveProcedure {
    /// Takes every played turn, oldest first: the ratio each showed and whether it was matched.
    package mutating func record(_ turns: [PlayedTurn]) {
        for played in turns {
            record(ratio: played.turn.areaRatio, correct: played.matched)
        }
    }
}
