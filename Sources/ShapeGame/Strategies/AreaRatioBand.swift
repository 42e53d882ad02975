/// The area ratios (larger over smaller) a set's turns may have: from `--min-ratio`, narrowed by
/// a difficulty.
public struct AreaRatioBand: Sendable, Equatable, Codable {
    public let minimum: Double
    /// `nil` for no upper limit.
    public let maximum: Double?

    /// Accepts a finite minimum above 1 (so no turn ties) and a maximum, if any, not below it.
    public init(minimum: Double, maximum: Double? = nil) throws(ShapeGameError) {
        guard minimum > 1, minimum.isFinite else { throw .minimumRatioTooSmall(minimum) }
        if let maximum, !(maximum >= minimum) {
            throw .maximumRatioUnreachable(requested: maximum, smallest: minimum)
        }
        self.minimum = minimum
        self.maximum = maximum
    }

    public var range: ClosedRange<Double> { minimum...(maximum ?? .infinity) }
}
