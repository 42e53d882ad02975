/// Draws a turn's two shapes, one from each factory, whose area ratio is at least `minimumRatio`.
///
/// Shapes are drawn as the tutorial draws them, each proportion uniform in its factory's range,
/// and drawn again until the ratio is met, so the ratio keeps the tutorial's spread. Where that
/// fails `maximumAttempts` times in a row (a minimum ratio close to the largest possible), the
/// pair is drawn in area space instead: the smaller area uniform among those that leave room for
/// a larger one, then the larger uniform among those at least `minimumRatio` times it.
/// Both paths use only the turn's random stream, so the result is deterministic.
public struct ShapePairSampler: Sendable {
    public static let maximumAttempts = 64

    public let firstFactory: any ShapeFactory
    public let secondFactory: any ShapeFactory
    public let minimumRatio: Double

    /// Fails when the ratio is not above 1 (ties) or cannot be reached with these factories.
    public init(first: any ShapeFactory, second: any ShapeFactory, minimumRatio: Double) throws(ShapeGameError) {
        guard minimumRatio > 1, minimumRatio.isFinite else { throw .minimumRatioTooSmall(minimumRatio) }
        firstFactory = first
        secondFactory = second
        self.minimumRatio = minimumRatio
        guard minimumRatio <= largestRatio else {
            throw .minimumRatioUnreachable(requested: minimumRatio, largest: largestRatio)
        }
    }

    /// The largest area ratio these factories can make.
    public var largestRatio: Double {
        max(Self.largestRatio(larger: firstFactory, smaller: secondFactory),
            Self.largestRatio(larger: secondFactory, smaller: firstFactory))
    }

    public func makePair(using random: inout RandomStream) -> ShapePair {
        for _ in 0..<Self.maximumAttempts {
            let first = firstFactory.makeShape(using: &random)
            let second = secondFactory.makeShape(using: &random)
            let pair = ShapePair(first, second)
            if pair.larger.area / pair.smaller.area >= minimumRatio {
                return pair
            }
        }
        return firstCanBeLarger
            ? Self.pairInAreaSpace(larger: firstFactory, smaller: secondFactory, minimumRatio: minimumRatio, using: &random)
            : Self.pairInAreaSpace(larger: secondFactory, smaller: firstFactory, minimumRatio: minimumRatio, using: &random)
    }

    private var firstCanBeLarger: Bool {
        Self.largestRatio(larger: firstFactory, smaller: secondFactory) >= minimumRatio
    }

    private static func largestRatio(larger: any ShapeFactory, smaller: any ShapeFactory) -> Double {
        larger.areaRange.upperBound / smaller.areaRange.lowerBound
    }

    private static func pairInAreaSpace(
        larger: any ShapeFactory, smaller: any ShapeFactory, minimumRatio: Double, using random: inout RandomStream
    ) -> ShapePair {
        let largerAreas = larger.areaRange
        let smallerAreas = smaller.areaRange
        let smallerCeiling = min(smallerAreas.upperBound, largerAreas.upperBound / minimumRatio)
        let smallerArea = random.nextDouble(in: smallerAreas.lowerBound...max(smallerAreas.lowerBound, smallerCeiling))
        // The margin keeps the ratio at or above the minimum after makeShape(area:)'s square root.
        let largerFloor = min(max(largerAreas.lowerBound, smallerArea * minimumRatio * (1 + 1e-9)), largerAreas.upperBound)
        let largerArea = random.nextDouble(in: largerFloor...largerAreas.upperBound)
        return ShapePair(larger.makeShape(area: largerArea), smaller.makeShape(area: smallerArea))
    }
}
