/// The proportions a factory may draw from; the tutorial's game uses 0.3 to 0.8.
public struct ProportionRange: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The smallest proportion, above 0.
    public let minimum: Double
    /// The largest proportion, at most 1.
    public let maximum: Double

    /// The tutorial's range.
    public static let standard = ProportionRange(uncheckedMinimum: 0.3, maximum: 0.8)

    /// Accepts `0 < minimum <= maximum <= 1`: a shape must be visible and fit its canvas.
    public init(minimum: Double, maximum: Double) throws(ShapeGameError) {
        guard minimum > 0, minimum <= 1 else { throw .proportionOutOfRange(minimum) }
        guard maximum > 0, maximum <= 1 else { throw .proportionOutOfRange(maximum) }
        guard minimum <= maximum else { throw .proportionsReversed(minimum: minimum, maximum: maximum) }
        self.init(uncheckedMinimum: minimum, maximum: maximum)
    }

    private init(uncheckedMinimum minimum: Double, maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    public var description: String { "\(minimum)–\(maximum)" }
}
