/// How well a procedure's estimates after a number of turns matched a simulated observer's
/// threshold, over many seeded runs. Errors are measured on the Weber fraction (ratio − 1), as
/// the log of the estimate over the truth, e = ln(ŵ / w).
package struct SimulationSummary: Sendable, Equatable {
    /// The turns played (or fewer, for runs the procedure stopped on its own rule).
    package let turns: Int
    package let runs: Int
    /// exp(mean e) − 1: how much larger the estimates are than the truth, geometrically.
    package let bias: Double
    /// exp(standard deviation of e) − 1.
    package let spread: Double
    /// exp(√mean e²) − 1, the typical multiplicative error (bias and spread together).
    package let typicalError: Double
    /// The share of runs whose estimate is within ±25% of the truth.
    package let withinQuarter: Double
    /// The share of runs whose 95% interval holds the truth; nil when the procedure gives none.
    package let coverage: Double?
    /// The mean number of turns the runs actually played.
    package let meanTurnsPlayed: Double

    package init(turns: Int, estimates: [ThresholdEstimate], turnsPlayed: [Int], truth: Double) {
        self.turns = turns
        runs = estimates.count
        let weber = truth - 1
        let errors = estimates.map { MathFunctions.logarithm(max($0.weberFraction, 1e-12) / weber) }
        let count = Double(max(errors.count, 1))
        let mean = errors.reduce(0, +) / count
        let variance = errors.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / count
        bias = MathFunctions.exponential(mean) - 1
        spread = MathFunctions.exponential(variance.squareRoot()) - 1
        typicalError = MathFunctions.exponential((errors.reduce(0) { $0 + $1 * $1 } / count).squareRoot()) - 1
        withinQuarter =
            Double(estimates.filter { abs($0.weberFraction / weber - 1) <= 0.25 }.count) / count
        let withIntervals = estimates.filter { $0.lowerRatio != nil && $0.upperRatio != nil }
        coverage =
            withIntervals.isEmpty ? nil : Double(withIntervals.filter { $0.covers(truth) }.count) / count
        meanTurnsPlayed = Double(turnsPlayed.reduce(0, +)) / count
    }
}
