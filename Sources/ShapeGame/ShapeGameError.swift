/// Why the game cannot make the turns it was asked for.
public enum ShapeGameError: Error, Equatable, CustomStringConvertible {
    case proportionOutOfRange(Double)
    case proportionsReversed(minimum: Double, maximum: Double)
    case minimumRatioTooSmall(Double)
    case minimumRatioUnreachable(requested: Double, largest: Double)
    case maximumRatioUnreachable(requested: Double, smallest: Double)
    case noStrategies
    case difficultyBelowMinimumRatio(Difficulty, minimumRatio: Double, upper: Double)
    /// A turn number below 1: turns are numbered 1, 2, 3, ...
    case turnNumberOutOfRange(Int)

    public var description: String {
        switch self {
        case .proportionOutOfRange(let value):
            "proportion \(value) is outside (0, 1]: a shape must be visible and fit its canvas"
        case .proportionsReversed(let minimum, let maximum):
            "the minimum proportion \(minimum) is above the maximum \(maximum)"
        case .minimumRatioTooSmall(let ratio):
            "the minimum area ratio \(ratio) must be above 1, or turns could tie"
        case .minimumRatioUnreachable(let requested, let largest):
            "the minimum area ratio \(requested) cannot be reached: these shapes and proportions allow at most \((largest * 1000).rounded(.down) / 1000)"
        case .maximumRatioUnreachable(let requested, let smallest):
            "the area ratio cannot stay below \(requested): these shapes and proportions make at least \((smallest * 1000).rounded(.up) / 1000)"
        case .difficultyBelowMinimumRatio(let difficulty, let minimumRatio, let upper):
            "\(difficulty.rawValue) turns have area ratios below \(upper), but the minimum ratio is \(minimumRatio)"
        case .turnNumberOutOfRange(let number):
            "turn \(number) does not exist: turns are numbered from 1"
        case .noStrategies:
            "a random strategy needs at least one strategy to pick from"
        }
    }
}
