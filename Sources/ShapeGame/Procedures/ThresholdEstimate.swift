/// An adaptive procedure's estimate of the area ratio a player answers right 75% of the time
/// (without lapses): the point estimate and, for Bayesian procedures, a 95% credible interval.
///
/// Ratios are larger area over smaller; the Weber fraction is the ratio minus 1 (0.1 means the
/// larger shape has 10% more area).
public struct ThresholdEstimate: Sendable, Equatable, Codable {
    /// The estimated 75%-correct area ratio.
    public let ratio: Double
    /// The lower end of the 95% credible interval, when the procedure gives one.
    public let lowerRatio: Double?
    /// The upper end of the 95% credible interval, when the procedure gives one.
    public let upperRatio: Double?

    public init(ratio: Double, lowerRatio: Double? = nil, upperRatio: Double? = nil) {
        self.ratio = ratio
        self.lowerRatio = lowerRatio
        self.upperRatio = upperRatio
    }

    /// The estimated Weber fraction (ratio − 1).
    public var weberFraction: Double { ratio - 1 }

    /// Whether the interval holds `ratio` (false without an interval).
    public func covers(_ ratio: Double) -> Bool {
        guard let lowerRatio, let upperRatio else { return false }
        return lowerRatio <= ratio && ratio <= upperRatio
    }
}
