/// Why the game cannot make the turns it was asked for.
public struct ShapeGameError: Error, Equatable, CustomStringConvertible {
    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case proportionOutOfRange(Double)
        case proportionsReversed(minimum: Double, maximum: Double)
        case minimumRatioTooSmall(Double)
        case minimumRatioUnreachable(requested: Double, largest: Double)
        case maximumRatioUnreachable(requested: Double, smallest: Double)
        case noStrategies
        case difficultyBelowMinimumRatio(Difficulty, minimumRatio: Double, upper: Double)
        case turnNumberOutOfRange(Int)
        case balanceUnreachable(cues: [BalancedCue], band: ClosedRange<Double>)
        case balanceRatioUnreachable(kinds: String, requested: Double, largest: Double)
        case procedureSetting(String, String)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// A proportion outside (0, 1]: the shape would vanish or not fit its canvas.
    public static func proportionOutOfRange(_ proportion: Double) -> ShapeGameError {
        ShapeGameError(.proportionOutOfRange(proportion))
    }

    /// A proportion range whose minimum is above its maximum.
    public static func proportionsReversed(minimum: Double, maximum: Double) -> ShapeGameError {
        ShapeGameError(.proportionsReversed(minimum: minimum, maximum: maximum))
    }

    /// A minimum area ratio of 1 or less, which would allow ties.
    public static func minimumRatioTooSmall(_ ratio: Double) -> ShapeGameError {
        ShapeGameError(.minimumRatioTooSmall(ratio))
    }

    /// A minimum area ratio above the `largest` the proportions and kinds can make.
    public static func minimumRatioUnreachable(requested: Double, largest: Double) -> ShapeGameError {
        ShapeGameError(.minimumRatioUnreachable(requested: requested, largest: largest))
    }

    /// A maximum area ratio below the `smallest` the proportions and kinds can make.
    public static func maximumRatioUnreachable(requested: Double, smallest: Double) -> ShapeGameError {
        ShapeGameError(.maximumRatioUnreachable(requested: requested, smallest: smallest))
    }

    /// A random strategy given no strategies to choose from.
    public static var noStrategies: ShapeGameError { ShapeGameError(.noStrategies) }

    /// A difficulty whose band lies below the minimum ratio (its `upper` end is not above it).
    public static func difficultyBelowMinimumRatio(_ difficulty: Difficulty, minimumRatio: Double, upper: Double)
        -> ShapeGameError
    {
        ShapeGameError(.difficultyBelowMinimumRatio(difficulty, minimumRatio: minimumRatio, upper: upper))
    }

    /// A turn number below 1: turns are numbered 1, 2, 3, ...
    public static func turnNumberOutOfRange(_ number: Int) -> ShapeGameError {
        ShapeGameError(.turnNumberOutOfRange(number))
    }

    /// An adaptive procedure's `setting` that no procedure can run with, and what it `must` be.
    public static func procedureSetting(_ setting: String, _ must: String) -> ShapeGameError {
        ShapeGameError(.procedureSetting(setting, must))
    }

    public var description: String {
        switch code {
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
        case .procedureSetting(let setting, let must):
            "the adaptive procedure's \(setting) \(must)"
        case .noStrategies:
            "a random strategy needs at least one strategy to pick from"
        case .balanceUnreachable(let cues, let band):
            "no pair of these kinds can make a turn where \(cues.map(\.rawValue).joined(separator: ", ")) points to the smaller shape with an area ratio from \(band.lowerBound) to \(band.upperBound): "
                + "name at least two kinds of different shape (e.g. square,star) and allow ratios near 1"
        case .balanceRatioUnreachable(let kinds, let requested, let largest):
            "cannot balance \(kinds) in distribution up to an area ratio of \(requested): its shapes' stretch and slant reach \((largest * 100).rounded(.down) / 100); lower the ratio range's maximum or leave it out"
        }
    }
}
