/// The chance of a right answer at an area ratio, as `quest` models a player: Gaussian noise on
/// log area (Weber's law, the model of this two-choice task) with a slope exponent and a lapse rate.
///
/// `P(right | r) = λ/2 + (1 − λ)·Φ(z₀.₇₅·(ln r / ln t)^β)`, t the threshold ratio. At the threshold
/// a player who never lapses is right 75% of the time; with β = 1 this is exactly `WeberObserver`
/// (σ√2 = ln t / z₀.₇₅), and β ≠ 1 lets the rise be steeper or shallower than Weber's law says.
/// A Weibull on ln r (β ≈ 1.2) has the wrong shape for such a player: too shallow near chance and
/// too steep near the top, which biased `quest`'s estimates low by about 12% when it was the model.
package struct GaussianPsychometricFunction: Sendable, Equatable {
    /// The 75%-correct area ratio (without lapses), above 1.
    package let threshold: Double
    /// The exponent on the relative log ratio (β); 1 for a Weber-law player.
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
        let seen =
            relative > 0
            ? MathFunctions.normalCDF(WeberObserver.quartileZ * MathFunctions.power(relative, slope)) : 0.5
        return lapse / 2 + (1 - lapse) * seen
    }
}
