import Foundation

/// A fraction of pixels as a percentage a person reads, with enough digits never to hide a
/// difference: hundredths as before (`2.57%`, `0.5%`), but a ratio that is not 0 never reads as
/// `0.0%` and one that is not 1 never as `100.0%`. Those get two significant digits of what
/// differs from 0 or 100 (6 of 11,520,000 pixels: `0.000052%`; 15 of 230,400: `0.0065%`).
package enum Percentage {
    /// `ratio` (0 to 1) as a percentage.
    package static func text(_ ratio: Double) -> String {
        let percent = ratio * 100
        let hundredths = (ratio * 10_000).rounded() / 100
        if percent > 0, hundredths == 0 {
            return String(format: "%.*f%%", significantDecimals(percent), percent)
        }
        if percent < 100, hundredths == 100 {
            return String(format: "%.*f%%", significantDecimals(100 - percent), percent)
        }
        return "\(hundredths)%"
    }

    /// The decimals that show two significant digits of `value` (0 < value < 0.005).
    private static func significantDecimals(_ value: Double) -> Int32 {
        Int32(-log10(value).rounded(.down)) + 1
    }
}
