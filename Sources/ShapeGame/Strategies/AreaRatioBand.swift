/// The area ratios (larger over smaller) a set's turns may have: from `--min-ratio`, narrowed by
/// a difficulty.
package struct AreaRatioBand: Sendable, Equatable, Codable {
    package let minimum: Double
    /// `nil` for no upper limit.
    package let maximum: Double?

    /// Accepts a finite minimum above 1 (so no turn ties) and a maximum, if any, not below it.
    package init(minimum: Double, maximum: Double? = nil) throws(ShapeGameError) {
        guard minimum > 1, minimum.isFinite else { throw .minimumRatioTooSmall(minimum) }
        if let maximum, !(maximum >= minimum) {
            throw .maximumRatioUnreachable(requested: maximum, smallest: minimum)
        }
        self.minimum = minimum
        self.maximum = maximum
    }

    package var range: ClosedRange<Double> { minimum...(maximum ?? .infinity) }
}
