/// What `quest` computes once for a set of parameters and shares between games: the grids, the
/// prior, and for every (stimulus, parameter point) the chance of a right answer. A class, immutable after `init`, so thousands of simulated games
/// share one copy.
package final class QuestGrid: Sendable {
    package let parameters: QuestParameters
    /// log(ln threshold) of each threshold on the grid, evenly spaced.
    package let logLogThresholds: [Double]
    /// ln(threshold − 1), the log Weber fraction, of each threshold on the grid.
    package let logWeberFractions: [Double]
    package let stimuli: [Double]
    /// The prior over (threshold, slope, lapse), flattened with the lapse fastest.
    package let prior: [Double]
    /// P(right) for stimulus s at point p: `rightChance[s * pointCount + p]`.
    package let rightChance: [Double]

    package var pointCount: Int { prior.count }
    package var pointsPerThreshold: Int { parameters.slopes.count * parameters.lapses.count }

    package init(parameters: QuestParameters) throws(ShapeGameError) {
        try parameters.validate()
        self.parameters = parameters
        logLogThresholds = Self.evenLogLog(parameters.thresholdRange, count: parameters.thresholdCount)
        logWeberFractions = logLogThresholds.map {
            MathFunctions.logarithm(MathFunctions.exponential(MathFunctions.exponential($0)) - 1)
        }
        stimuli = Self.evenLogLog(parameters.stimulusRange, count: parameters.stimulusCount).map {
            MathFunctions.exponential(MathFunctions.exponential($0))
        }
        let slopeWeights = parameters.slopes.map { slope in
            let z =
                (MathFunctions.logarithm(slope) - MathFunctions.logarithm(parameters.slopePriorCentre))
                / parameters.slopePriorSpread
            return MathFunctions.exponential(-z * z / 2)
        }
        var prior: [Double] = []
        var functions: [GaussianPsychometricFunction] = []
        for logLog in logLogThresholds {
            let threshold = MathFunctions.exponential(MathFunctions.exponential(logLog))
            let thresholdWeight = Self.thresholdPriorWeight(threshold, parameters: parameters)
            for (slope, slopeWeight) in zip(parameters.slopes, slopeWeights) {
                for (lapse, lapseWeight) in zip(parameters.lapses, parameters.lapseWeights) {
                    prior.append(thresholdWeight * slopeWeight * lapseWeight)
                    functions.append(GaussianPsychometricFunction(threshold: threshold, slope: slope, lapse: lapse))
                }
            }
        }
        let total = prior.reduce(0, +)
        self.prior = prior.map { $0 / total }
        var rightChance: [Double] = []
        rightChance.reserveCapacity(stimuli.count * functions.count)
        for stimulus in stimuli {
            for function in functions {
                rightChance.append(function.probabilityRight(ratio: stimulus))
            }
        }
        self.rightChance = rightChance
    }

    /// The psychometric function at point `index` of the flattened grid.
    package func function(at index: Int) -> GaussianPsychometricFunction {
        let lapses = parameters.lapses.count
        let slopes = parameters.slopes.count
        let logLog = logLogThresholds[index / (lapses * slopes)]
        return GaussianPsychometricFunction(
            threshold: MathFunctions.exponential(MathFunctions.exponential(logLog)),
            slope: parameters.slopes[(index / lapses) % slopes], lapse: parameters.lapses[index % lapses])
    }

    /// The stimulus index whose ratio is `ratio` to within a part in 10⁹, if any.
    package func stimulusIndex(of ratio: Double) -> Int? {
        stimuli.firstIndex { abs($0 - ratio) <= 1e-9 * $0 }
    }

    /// The prior weight of the grid point at `threshold`: the log-normal density of its Weber
    /// fraction times the width in ln(t − 1) of its cell (the grid is even in log(ln t), whose step
    /// is t·ln t / (t − 1) times as long in ln(t − 1)); 1 everywhere with no prior centre.
    static func thresholdPriorWeight(_ threshold: Double, parameters: QuestParameters) -> Double {
        guard let centre = parameters.thresholdPriorCentre else { return 1 }
        let z =
            (MathFunctions.logarithm(threshold - 1) - MathFunctions.logarithm(centre - 1))
            / (parameters.thresholdPriorSpread * MathFunctions.logarithm(10))
        return MathFunctions.exponential(-z * z / 2) * threshold * MathFunctions.logarithm(threshold) / (threshold - 1)
    }

    static func xLogX(_ value: Double) -> Double {
        value > 0 ? value * MathFunctions.logarithm(value) : 0
    }

    static func evenLogLog(_ range: ClosedRange<Double>, count: Int) -> [Double] {
        let low = MathFunctions.logarithm(MathFunctions.logarithm(range.lowerBound))
        let high = MathFunctions.logarithm(MathFunctions.logarithm(range.upperBound))
        guard count > 1 else { return [low] }
        return (0..<count).map { low + (high - low) * Double($0) / Double(count - 1) }
    }
}
