import Foundation

/// A fraction of pixels as a percentage a person reads, with enough digits never to hide or
/// misstate a small difference: hundredths as before (`2.57%`, `0.5%`, `0.12%`), but a ratio
/// below 0.1% gets two significant digits (15 of 230,400 pixels: `0.0065%`, not `0.01%`; 6 of
/// 11,520,000: `0.000052%`, not `0.0%`), and one that is not 1 but would read `100.0%` gets two
/// significant digits of what is left (`99.9990%`). 0 is `0.0%` and 1 is `100.0%`.
package enum Percentage {
    /// `ratio` (0 to 1) as a percentage.
    package static func text(_ ratio: Double) -> String {
        let percent = ratio * 100
        let hundredths = (ratio * 10_000).rounded() / 100
        if percent > 0, percent < 0.1 {
            return String(format: "%.*f%%", decimals(showingTwoDigitsOf: percent), percent)
        }
        if percent < 100, hundredths == 100 {
            return String(format: "%.*f%%", decimals(showingTwoDigitsOf: 100 - percent), percent)
        }
        return "\(hundredths)%"
    }

    /// The decimals that show two significant digits of `value` (0 < value < 0.1). A hair of
    /// relative slack keeps a value that floating point puts just below a power of ten (100 -
    /// 99.999 is 0.000999...) from getting a digit too many.
    private static func decimals(showingTwoDigitsOf value: Double) -> Int32 {
        Int32(-(log10(value * (1 + 1e-5))).rounded(.down)) + 1
    }
}
