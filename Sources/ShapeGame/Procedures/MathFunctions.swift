#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's elementary functions the adaptive procedures need, in one place (the rest of
/// `ShapeGame` uses only exactly rounded arithmetic). Results can differ in the last bit between
/// C libraries, so adaptive games are reproducible on one platform, not promised across them.
package enum MathFunctions {
    package static func exponential(_ value: Double) -> Double { exp(value) }
    package static func logarithm(_ value: Double) -> Double { log(value) }
    package static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }

    /// The standard normal distribution function Φ.
    package static func normalCDF(_ value: Double) -> Double {
        0.5 * erfc(-value / 2.0.squareRoot())
    }
}
