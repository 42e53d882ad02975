/// The settings of the `quest` procedure: its grids, its priors and its stopping rule.
package struct QuestParameters: Sendable, Equatable, Codable {
    /// Threshold ratios the posterior covers (a grid even in log(ln r)).
    package var thresholdRange: ClosedRange<Double>
    package var thresholdCount: Int
    /// The threshold prior: log-normal on the Weber fraction (threshold − 1), centred on the Weber
    /// fraction of `thresholdPriorCentre` (a ratio) with `thresholdPriorSpread` the sd of its
    /// log₁₀ (PsychoPy's QuestHandler `startVal` and `startValSd`); nil centre: flat in log(ln r).
    package var thresholdPriorCentre: Double?
    package var thresholdPriorSpread: Double
    /// Slopes (β) the posterior covers, and the prior's centre and spread (a log-normal).
    package var slopes: [Double]
    package var slopePriorCentre: Double
    package var slopePriorSpread: Double
    /// Lapse rates the posterior covers, with their prior weights.
    package var lapses: [Double]
    package var lapseWeights: [Double]
    /// Ratios a turn may show (a grid even in log(ln r)).
    package var stimulusRange: ClosedRange<Double>
    package var stimulusCount: Int
    /// Stop once the 95% interval's upper Weber fraction is at most this many times its lower one;
    /// nil runs to the game's last turn.
    package var precision: Double?

    package static let `default` = QuestParameters(
        thresholdRange: 1.01...3, thresholdCount: 120, thresholdPriorCentre: nil, thresholdPriorSpread: 0.5,
        slopes: [0.7, 0.85, 1.0, 1.18, 1.4], slopePriorCentre: 1.0, slopePriorSpread: 0.15,
        lapses: [0, 0.03, 0.06], lapseWeights: [0.5, 0.25, 0.25],
        stimulusRange: 1.005...4, stimulusCount: 40, precision: nil)

    package init(
        thresholdRange: ClosedRange<Double>, thresholdCount: Int, thresholdPriorCentre: Double?,
        thresholdPriorSpread: Double, slopes: [Double], slopePriorCentre: Double,
        slopePriorSpread: Double, lapses: [Double], lapseWeights: [Double], stimulusRange: ClosedRange<Double>,
        stimulusCount: Int, precision: Double?
    ) {
        self.thresholdRange = thresholdRange
        self.thresholdCount = thresholdCount
        self.thresholdPriorCentre = thresholdPriorCentre
        self.thresholdPriorSpread = thresholdPriorSpread
        self.slopes = slopes
        self.slopePriorCentre = slopePriorCentre
        self.slopePriorSpread = slopePriorSpread
        self.lapses = lapses
        self.lapseWeights = lapseWeights
        self.stimulusRange = stimulusRange
        self.stimulusCount = stimulusCount
        self.precision = precision
    }

    /// Fails on a setting no posterior can be built from.
    package func validate() throws(ShapeGameError) {
        guard (0.05...10).contains(thresholdPriorSpread) else {
            throw .procedureSetting("threshold prior's sd", "must be 0.05 to 10 (log10 units of the Weber fraction)")
        }
        guard thresholdPriorCentre.map({ thresholdRange.contains($0) }) ?? true else {
            throw .procedureSetting(
                "threshold prior",
                "must be centred within the threshold grid (\(thresholdRange.lowerBound) to \(thresholdRange.upperBound))"
            )
        }
        guard thresholdRange.lowerBound > 1, thresholdRange.upperBound.isFinite, thresholdCount >= 2,
            thresholdCount <= 1_000
        else { throw .procedureSetting("threshold grid", "must be 2 to 1000 ratios above 1") }
        guard stimulusRange.lowerBound > 1, stimulusRange.upperBound.isFinite, stimulusCount >= 1,
            stimulusCount <= 1_000
        else { throw .procedureSetting("stimulus grid", "must be 1 to 1000 ratios above 1") }
        guard !slopes.isEmpty, slopes.allSatisfy({ $0 > 0 && $0.isFinite }), slopePriorCentre > 0,
            slopePriorSpread > 0
        else { throw .procedureSetting("slopes", "must be positive") }
        guard !lapses.isEmpty, lapses.count == lapseWeights.count, lapses.allSatisfy({ (0..<1).contains($0) }),
            lapseWeights.allSatisfy({ $0 >= 0 && $0.isFinite }), lapseWeights.reduce(0, +) > 0
        else { throw .procedureSetting("lapses", "must lie in [0, 1) with one non-negative weight each") }
        if let precision, !(precision > 1 && precision.isFinite) {
            throw .procedureSetting("precision", "must be above 1")
        }
    }
}
