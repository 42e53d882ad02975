/// A Weber-law observer: Gaussian noise on log area, so the chance of a right answer depends on
/// the area ratio r alone: `P(right) = λ/2 + (1 − λ)·Φ(ln r / (σ√2))`, λ the lapse rate.
///
/// Built from its 75%-correct threshold ratio: `σ = ln(threshold) / (√2·z₀.₇₅)`.
package struct WeberObserver: SimulatedObserver, Equatable {
    /// Φ⁻¹(0.75).
    package static let quartileZ = 0.674_489_750_196_081_7

    package let threshold: Double
    package let lapse: Double
    /// The noise on log area, σ.
    package let noise: Double

    package init(threshold: Double, lapse: Double) {
        self.threshold = threshold
        self.lapse = lapse
        noise = MathFunctions.logarithm(threshold) / (2.0.squareRoot() * Self.quartileZ)
    }

    package func probabilityRight(ratio: Double) -> Double {
        let z = MathFunctions.logarithm(ratio) / (noise * 2.0.squareRoot())
        return lapse / 2 + (1 - lapse) * MathFunctions.normalCDF(z)
    }
}
