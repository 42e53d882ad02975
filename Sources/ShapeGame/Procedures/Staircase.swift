/// A transformed up-down staircase (Levitt 1971) on the log Weber fraction, as PsychoPy's
/// `StairHandler` runs one: 1-up/3-down by default, steps that shrink after reversals.
///
/// Its estimate is the geometric mean of the Weber fractions at the reversals (leaving out the
/// first `discardedReversals` when enough remain), the level the staircase oscillates around:
/// 79.4% correct for 1-up/3-down, which is above the 75% threshold `quest` estimates.
package struct Staircase: AdaptiveProcedure {
    /// Which way a step goes: down is harder (a smaller ratio).
    package enum Direction: Sendable { case up, down }

    /// The staircase's position and history, which its phases move.
    package struct Track: Sendable {
        package let parameters: StaircaseParameters
        /// log₁₀(ratio − 1) of the next turn.
        package private(set) var level: Double
        /// Right answers in a row (positive) or wrong answers in a row (negative).
        package private(set) var run = 0
        package private(set) var direction: Direction?
        package private(set) var reversalLevels: [Double] = []

        init(parameters: StaircaseParameters) {
            self.parameters = parameters
            level = Staircase.level(ofRatio: parameters.startRatio)
        }

        mutating func count(correct: Bool) {
            if correct {
                run = run > 0 ? run + 1 : 1
            } else {
                run = run < 0 ? run - 1 : -1
            }
        }

        /// Takes a step; returns whether it reversed the direction.
        mutating func move(_ step: Direction) -> Bool {
            let reversed = direction.map { $0 != step } ?? false
            if reversed {
                reversalLevels.append(level)
            }
            direction = step
            run = 0
            let sizes = parameters.stepSizes
            let size = sizes[min(reversalLevels.count, sizes.count - 1)]
            let limits = parameters.ratioLimits
            let lowest = Staircase.level(ofRatio: limits.lowerBound)
            let highest = Staircase.level(ofRatio: limits.upperBound)
            level = min(max(level + (step == .down ? -size : size), lowest), highest)
            return reversed
        }
    }

    package private(set) var track: Track
    private var phase: any StaircasePhase = StaircaseDescentPhase()

    package init(parameters: StaircaseParameters = .default) throws(ShapeGameError) {
        try parameters.validate()
        track = Track(parameters: parameters)
    }

    package static func level(ofRatio ratio: Double) -> Double {
        MathFunctions.logarithm(ratio - 1) / MathFunctions.logarithm(10)
    }

    package static func ratio(ofLevel level: Double) -> Double {
        1 + MathFunctions.power(10, level)
    }

    package var nextRatio: Double { Self.ratio(ofLevel: track.level) }

    package var isFinished: Bool { phase.isFinished }

    package var estimate: ThresholdEstimate {
        let reversals = track.reversalLevels
        let discarded = track.parameters.discardedReversals
        let kept = reversals.count > discarded + 1 ? Array(reversals.dropFirst(discarded)) : reversals
        guard !kept.isEmpty else { return ThresholdEstimate(ratio: nextRatio) }
        return ThresholdEstimate(ratio: Self.ratio(ofLevel: kept.reduce(0, +) / Double(kept.count)))
    }

    package mutating func record(ratio: Double, correct: Bool) {
        phase = phase.respond(correct: correct, to: &track)
    }
}
