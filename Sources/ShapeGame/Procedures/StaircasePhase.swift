/// A phase of the staircase (the State pattern): how it answers a response, and which phase
/// comes next.
package protocol StaircasePhase: Sendable {
    /// Whether the staircase has stopped.
    var isFinished: Bool { get }
    /// Moves `staircase` after one answer and returns the phase for the next one.
    func respond(correct: Bool, to staircase: inout Staircase.Track) -> any StaircasePhase
}

/// Before the first reversal: one right answer makes it harder and one wrong answer easier
/// (PsychoPy's initial rule), so a start far from the threshold is left quickly.
package struct StaircaseDescentPhase: StaircasePhase {
    package var isFinished: Bool { false }

    package func respond(correct: Bool, to track: inout Staircase.Track) -> any StaircasePhase {
        track.count(correct: correct)
        let reversed = track.move(correct ? .down : .up)
        return reversed ? StaircaseConvergingPhase().afterReversal(of: track) : self
    }
}

/// After the first reversal: `nDown` right in a row make it harder, `nUp` wrong in a row easier,
/// with the step shrinking at each reversal.
package struct StaircaseConvergingPhase: StaircasePhase {
    package var isFinished: Bool { false }

    package func respond(correct: Bool, to track: inout Staircase.Track) -> any StaircasePhase {
        track.count(correct: correct)
        let parameters = track.parameters
        if track.run >= parameters.nDown {
            return track.move(.down) ? afterReversal(of: track) : self
        }
        if -track.run >= parameters.nUp {
            return track.move(.up) ? afterReversal(of: track) : self
        }
        return self
    }

    /// This phase, or the finished one once the staircase has its reversals.
    func afterReversal(of track: Staircase.Track) -> any StaircasePhase {
        let wanted = track.parameters.nReversals
        return wanted > 0 && track.reversalLevels.count >= wanted ? StaircaseFinishedPhase() : self
    }
}

/// The staircase has its reversals; further answers change nothing.
package struct StaircaseFinishedPhase: StaircasePhase {
    package var isFinished: Bool { true }

    package func respond(correct: Bool, to track: inout Staircase.Track) -> any StaircasePhase { self }
}
