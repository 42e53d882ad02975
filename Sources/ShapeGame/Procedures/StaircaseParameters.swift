/// The settings of a transformed up-down staircase, named as PsychoPy's `StairHandler` names
/// them so an experimenter can port a protocol.
///
/// The staircase moves on log₁₀(ratio − 1), the log of the Weber fraction (PsychoPy's
/// `stepType='log'`): a step of 0.1 makes the difference between the areas 1.26 times larger or
/// smaller, whatever the level.
package struct StaircaseParameters: Sendable, Equatable, Codable {
    /// The first turn's area ratio (PsychoPy's `startVal`, as a ratio).
    package var startRatio: Double
    /// Wrong answers in a row that make the task easier (PsychoPy's `nUp`).
    package var nUp: Int
    /// Right answers in a row that make it harder (PsychoPy's `nDown`); 1-up/3-down converges on
    /// 79.4% correct.
    package var nDown: Int
    /// Step sizes in log₁₀ units, the next one used after each reversal, the last one kept
    /// (PsychoPy's `stepSizes`).
    package var stepSizes: [Double]
    /// Stop after this many reversals; 0 runs to the game's last turn. (In PsychoPy this is a
    /// minimum next to `nTrials`; a game here has a fixed length, so it stops early instead.)
    package var nReversals: Int
    /// The easiest and hardest ratios the staircase may ask for (PsychoPy's `maxVal`, `minVal`).
    package var ratioLimits: ClosedRange<Double>
    /// Reversals left out of the estimate at the start (they still carry the large steps).
    package var discardedReversals: Int

    package static let `default` = StaircaseParameters(
        startRatio: 1.5, nUp: 1, nDown: 3, stepSizes: [0.3, 0.15], nReversals: 0,
        ratioLimits: 1.005...4, discardedReversals: 2)

    package init(
        startRatio: Double, nUp: Int, nDown: Int, stepSizes: [Double], nReversals: Int,
        ratioLimits: ClosedRange<Double>, discardedReversals: Int
    ) {
        self.startRatio = startRatio
        self.nUp = nUp
        self.nDown = nDown
        self.stepSizes = stepSizes
        self.nReversals = nReversals
        self.ratioLimits = ratioLimits
        self.discardedReversals = discardedReversals
    }

    /// Fails on a setting no staircase can run with.
    package func validate() throws(ShapeGameError) {
        guard ratioLimits.lowerBound > 1, ratioLimits.upperBound.isFinite else {
            throw .procedureSetting("ratio limits", "must lie above 1")
        }
        guard ratioLimits.contains(startRatio) else {
            throw .procedureSetting("start ratio", "must lie within \(ratioLimits)")
        }
        guard (1...20).contains(nUp), (1...20).contains(nDown) else {
            throw .procedureSetting("nUp and nDown", "must be 1 to 20")
        }
        guard !stepSizes.isEmpty, stepSizes.allSatisfy({ $0 > 0 && $0 <= 2 }) else {
            throw .procedureSetting("step sizes", "must be one or more log₁₀ steps in (0, 2]")
        }
        guard nReversals >= 0, discardedReversals >= 0 else {
            throw .procedureSetting("reversals", "must not be negative")
        }
    }
}
