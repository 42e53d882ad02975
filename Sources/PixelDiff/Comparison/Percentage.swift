#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fraction of pixels as a percentage a person reads, with enough digits never to hide or
/// misstate a small difference: hundredths as before (`2.57%`, `0.5%`, `0.12%`), but a ratio
/// below 0.1% gets two significant digits (15 of 230,400 pixels: `0.0065%`, not `0.01%`; 6 of
/// 11,520,000: `0.000052%`, not `0.0%`), and one that is not 1 but would read `100.0%` gets two
/// significant digits of what is left (`99.9990%`). 0 is `0.0%` and 1 is `100.0%`.
///
/// Formatted with the C library's `printf` rounding and no Foundation, so that `shapeturns`'
/// pair-mode front, which links no Foundation, words a verdict as the full command does.
package enum Percentage {
    /// `ratio` (0 to 1) as a percentage.
    package static func text(_ ratio: Double) -> String {
        let percent = ratio * 100
        let hundredths = (ratio * 10_000).rounded() / 100
        if percent > 0, percent < 0.1 {
            return fixed(percent, decimals: decimals(showingTwoDigitsOf: percent)) + "%"
        }
        if percent < 100, hundredths == 100 {
            return fixed(percent, decimals: decimals(showingTwoDigitsOf: 100 - percent)) + "%"
        }
        return "\(hundredths)%"
    }

    /// The decimals that show two significant digits of `value` (0 < value < 0.1). A hair of
    /// relative slack keeps a value that floating point puts just below a power of ten (100 -
    /// 99.999 is 0.000999...) from getting a digit too many.
    private static func decimals(showingTwoDigitsOf value: Double) -> Int32 {
        Int32(-(log10(value * (1 + 1e-5))).rounded(.down)) + 1
    }

    /// `value` (0 to 100) with `decimals` digits after the point, as `printf("%.*f")` writes it.
    private static func fixed(_ value: Double, decimals: Int32) -> String {
        // 3 digits, the point and up to a few hundred decimals of the smallest positive Double.
        var buffer = [CChar](repeating: 0, count: 512)
        let count = withVaList([decimals, value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*f", arguments)
        }
        guard count > 0, Int(count) < buffer.count else { return "\(value)" }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
