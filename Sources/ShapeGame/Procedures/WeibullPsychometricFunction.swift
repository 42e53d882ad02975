/// The chance of a right answer at an area ratio, as `quest` models a player: a Weibull on the
/// log ratio with guess rate 0.5 and a lapse rate.
///
/// `P(right | r) = λ/2 + (1 − λ)·(1 − ½·2^(−(ln r / t)^β))`, where `t = ln(threshold)`: at the
/// threshold ratio a player who never lapses is right 75% of the time. A Weber-law observer
/// (Gaussian noise on log area) is close to this with β ≈ 1.2.
package struct WeibullPsychometricFunction: Sendable, Equatable {
    /// The 75%-correct area ratio, above 1.
    package let threshold: Double
    /// How fast the chance rises with the log ratio (β).
    package let slope: Double
    /// The share of answers given at random (λ).
    package let lapse: Double

    package init(threshold: Double, slope: Double, lapse: Double) {
        self.threshold = threshold
        self.slope = slope
        self.lapse = lapse
    }

    package func probabilityRight(ratio: Double) -> Double {
        let relative = MathFunctions.logarithm(ratio) / MathFunctions.logarithm(threshold)
        let detection = relative > 0 ? 1 - MathFunctions.power(2, -MathFunctions.power(relative, slope)) : 0
        return lapse / 2 + (1 - lapse) * (0.5 + 0.5 * detection)
    }
}
