/// A Bayesian adaptive procedure in the style of QUEST+ (Watson 2017): a posterior over the
/// threshold, slope and lapse of a `GaussianPsychometricFunction` on a grid, updated after every
/// answer; each turn shows the ratio whose answer is expected to leave the posterior of the
/// threshold with the least entropy.
///
/// The estimate is exp(posterior mean of ln(threshold − 1)) + 1: the Weber fraction whose log is
/// the posterior mean of the log Weber fraction, which minimises the expected squared log error of
/// the Weber fraction (the error `SimulationSummary` measures). The 95% credible interval comes
/// from the 2.5% and 97.5% points of the threshold's marginal posterior.
package struct Quest: AdaptiveProcedure {
    package let grid: QuestGrid
    package private(set) var posterior: [Double]
    package private(set) var nextRatio: Double
    package private(set) var estimate: ThresholdEstimate
    private var phase: any QuestPhase = QuestPlacingPhase()

    package init(grid: QuestGrid) {
        self.grid = grid
        posterior = grid.prior
        nextRatio = grid.stimuli[0]
        estimate = ThresholdEstimate(ratio: 2)
        refresh()
    }

    package init(parameters: QuestParameters = .default) throws(ShapeGameError) {
        self.init(grid: try QuestGrid(parameters: parameters))
    }

    package var isFinished: Bool { phase.isFinished }

    package mutating func record(ratio: Double, correct: Bool) {
        guard ratio > 1, ratio.isFinite else { return }
        var total = 0.0
        if let stimulus = grid.stimulusIndex(of: ratio) {
            let base = stimulus * grid.pointCount
            for point in posterior.indices {
                let right = grid.rightChance[base + point]
                posterior[point] *= correct ? right : 1 - right
                total += posterior[point]
            }
        } else {
            for point in posterior.indices {
                let right = grid.function(at: point).probabilityRight(ratio: ratio)
                posterior[point] *= correct ? right : 1 - right
                total += posterior[point]
            }
        }
        guard total > 0, total.isFinite else { return }
        for point in posterior.indices {
            posterior[point] /= total
        }
        refresh()
        phase = phase.phase(after: self)
    }

    private mutating func refresh() {
        nextRatio = grid.stimuli[mostInformativeStimulus()]
        estimate = thresholdEstimate()
    }

    /// The stimulus whose answer is expected to leave the threshold's marginal posterior with
    /// the least entropy (slope and lapse are integrated out: they matter only as far as they
    /// blur the threshold, so turns go where they teach most about it).
    private func mostInformativeStimulus() -> Int {
        let count = grid.pointCount
        let perThreshold = grid.pointsPerThreshold
        let thresholds = grid.logLogThresholds.count
        var best = 0
        var lowestEntropy = Double.infinity
        var right = [Double](repeating: 0, count: thresholds)
        var wrong = [Double](repeating: 0, count: thresholds)
        posterior.withUnsafeBufferPointer { posterior in
            grid.rightChance.withUnsafeBufferPointer { table in
                for stimulus in grid.stimuli.indices {
                    let base = stimulus * count
                    var totalRight = 0.0
                    for threshold in 0..<thresholds {
                        var sumRight = 0.0
                        var sumAll = 0.0
                        for point in (threshold * perThreshold)..<((threshold + 1) * perThreshold) {
                            let weight = posterior[point]
                            sumRight += weight * table[base + point]
                            sumAll += weight
                        }
                        right[threshold] = sumRight
                        wrong[threshold] = sumAll - sumRight
                        totalRight += sumRight
                    }
                    let totalWrong = 1 - totalRight
                    var entropy = QuestGrid.xLogX(totalRight) + QuestGrid.xLogX(totalWrong)
                    for threshold in 0..<thresholds {
                        entropy -= QuestGrid.xLogX(right[threshold]) + QuestGrid.xLogX(wrong[threshold])
                    }
                    if entropy < lowestEntropy {
                        lowestEntropy = entropy
                        best = stimulus
                    }
                }
            }
        }
        return best
    }

    private func thresholdEstimate() -> ThresholdEstimate {
        let perThreshold = grid.pointsPerThreshold
        let marginal = grid.logLogThresholds.indices.map { index in
            posterior[(index * perThreshold)..<((index + 1) * perThreshold)].reduce(0, +)
        }
        let values = grid.logLogThresholds
        let meanLogWeber = zip(grid.logWeberFractions, marginal).reduce(0) { $0 + $1.0 * $1.1 }
        let step = values.count > 1 ? values[1] - values[0] : 0
        func quantile(_ share: Double) -> Double {
            var cumulative = 0.0
            for (value, weight) in zip(values, marginal) {
                if cumulative + weight >= share, weight > 0 {
                    return value - step / 2 + step * (share - cumulative) / weight
                }
                cumulative += weight
            }
            return (values.last ?? 0) + step / 2
        }
        func ratio(_ logLog: Double) -> Double {
            MathFunctions.exponential(MathFunctions.exponential(logLog))
        }
        return ThresholdEstimate(
            ratio: 1 + MathFunctions.exponential(meanLogWeber), lowerRatio: ratio(quantile(0.025)),
            upperRatio: ratio(quantile(0.975)))
    }
}
