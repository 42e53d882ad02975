/// One difficulty for a whole set, as a band of area ratios: the closer the two areas, the harder.
public enum Difficulty: String, Sendable, Codable, CaseIterable {
    /// The larger shape has at least twice the area.
    case easy
    /// 1.4 to 2 times the area.
    case medium
    /// Under 1.4 times the area (down to the minimum ratio).
    case hard

    /// The ratios this difficulty stands for, before the set's minimum ratio raises the lower end.
    package var limits: (lower: Double, upper: Double?) {
        switch self {
        case .easy: (2, nil)
        case .medium: (1.4, 2)
        case .hard: (1, 1.4)
        }
    }

    /// This difficulty's band with its lower end raised to `minimumRatio`; fails when nothing is left.
    package func band(minimumRatio: Double) throws(ShapeGameError) -> AreaRatioBand {
        let (lower, upper) = limits
        if let upper, minimumRatio >= upper {
            throw .difficultyBelowMinimumRatio(self, minimumRatio: minimumRatio, upper: upper)
        }
        return try AreaRatioBand(minimum: max(minimumRatio, lower), maximum: upper)
    }
}
