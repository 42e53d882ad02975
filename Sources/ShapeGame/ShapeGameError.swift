/// Why the game cannot make the turns it was asked for.
public enum ShapeGameError: Error, Equatable, CustomStringConvertible {
    case proportionOutOfRange(Double)
    case proportionsReversed(minimum: Double, maximum: Double)
    case minimumRatioTooSmall(Double)
    case minimumRatioUnreachable(requested: Double, largest: Double)
    case noStrategies

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
        case .noStrategies:
            "a random strategy needs at least one strategy to pick from"
        }
    }
}
