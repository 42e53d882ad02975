/// Draws a turn's two shapes, one from each factory, with an area ratio (larger over smaller)
/// inside a requested band.
///
/// Shapes are drawn as the tutorial draws them, each proportion uniform in its factory's range,
/// and drawn again until the ratio falls in the band, so ratios keep the tutorial's spread. Where
/// that fails `maximumAttempts` times in a row (a narrow band, or one near the largest possible
/// ratio) the pair is drawn in area space instead: which factory makes the larger shape by a coin
/// (when both can), the ratio uniform in the reachable part of the band, then the smaller
/// area uniform among those that leave room for the larger. Both paths use only the turn's
/// random stream and IEEE 754's exactly rounded + − × ÷ and √ (no logarithms), so the result is
/// the same on every platform.
package struct ShapePairSampler: Sendable {
    package static let maximumAttempts = 64

    package let firstFactory: any ShapeFactory
    package let secondFactory: any ShapeFactory

    package init(first: any ShapeFactory, second: any ShapeFactory) {
        firstFactory = first
        secondFactory = second
    }

    /// Every ratio (larger area over smaller) these factories can make.
    package var achievableRatios: ClosedRange<Double> {
        let first = firstFactory.areaRange
        let second = secondFactory.areaRange
        let smallest = max(1, first.lowerBound / second.upperBound, second.lowerBound / first.upperBound)
        let largest = max(first.upperBound / second.lowerBound, second.upperBound / first.lowerBound)
        return smallest...largest
    }

    /// Fails unless `band` starts above 1 (no ties) and overlaps `achievableRatios`.
    package func validate(_ band: ClosedRange<Double>) throws(ShapeGameError) {
        guard band.lowerBound > 1, band.lowerBound.isFinite else { throw .minimumRatioTooSmall(band.lowerBound) }
        let achievable = achievableRatios
        guard band.lowerBound <= achievable.upperBound else {
            throw .minimumRatioUnreachable(requested: band.lowerBound, largest: achievable.upperBound)
        }
        guard band.upperBound >= achievable.lowerBound else {
            throw .maximumRatioUnreachable(requested: band.upperBound, smallest: achievable.lowerBound)
        }
    }

    /// A pair whose ratio lies in `band`, which must have passed `validate(_:)`.
    package func makePair(ratios band: ClosedRange<Double>, using random: inout RandomStream) -> ShapePair {
        for _ in 0..<Self.maximumAttempts {
            let pair = ShapePair(firstFactory.makeShape(using: &random), secondFactory.makeShape(using: &random))
            if band.contains(pair.larger.area / pair.smaller.area) {
                return pair
            }
        }
        return pairInAreaSpace(band, using: &random)
            ?? ShapePair(firstFactory.makeShape(using: &random), secondFactory.makeShape(using: &random))
    }

    /// A pair whose ratio is `ratio` (to within rounding), drawn in area space: which factory
    /// makes the larger shape by a coin (when both can), then the smaller area uniform among those
    /// that leave room for the larger. `nil` when these factories cannot make that ratio.
    package func makePair(ratio: Double, using random: inout RandomStream) -> ShapePair? {
        pairInAreaSpace(ratio...ratio, using: &random)
    }

    /// A pair drawn in area space with a ratio in `band`; `nil` when no orientation reaches it.
    private func pairInAreaSpace(_ band: ClosedRange<Double>, using random: inout RandomStream) -> ShapePair? {
        let firstLarger = Orientation(larger: firstFactory, smaller: secondFactory, band: band)
        let secondLarger = Orientation(larger: secondFactory, smaller: firstFactory, band: band)
        switch (firstLarger, secondLarger) {
        case (let one?, let other?):
            return (random.nextBool() ? one : other).makePair(using: &random)
        case (let only?, nil), (nil, let only?):
            return only.makePair(using: &random)
        case (nil, nil):
            return nil
        }
    }

    /// One factory making the larger shape, with the ratios that leaves in the band.
    private struct Orientation {
        let larger: any ShapeFactory
        let smaller: any ShapeFactory
        let ratios: ClosedRange<Double>

        init?(larger: any ShapeFactory, smaller: any ShapeFactory, band: ClosedRange<Double>) {
            let largerAreas = larger.areaRange
            let smallerAreas = smaller.areaRange
            let lowest = max(band.lowerBound, largerAreas.lowerBound / smallerAreas.upperBound)
            let highest = min(band.upperBound, largerAreas.upperBound / smallerAreas.lowerBound)
            guard lowest <= highest else { return nil }
            // A hair inside the band, so the square roots of makeShape(area:) cannot step out of it.
            let nudgedLowest = min(lowest * (1 + 1e-9), highest)
            ratios = nudgedLowest...max(nudgedLowest, highest * (1 - 1e-9))
            self.larger = larger
            self.smaller = smaller
        }

        func makePair(using random: inout RandomStream) -> ShapePair {
            let ratio = random.nextDouble(in: ratios)
            let largerAreas = larger.areaRange
            let smallerAreas = smaller.areaRange
            let lowest = max(smallerAreas.lowerBound, largerAreas.lowerBound / ratio)
            let highest = max(lowest, min(smallerAreas.upperBound, largerAreas.upperBound / ratio))
            let smallerArea = random.nextDouble(in: lowest...highest)
            return ShapePair(larger.makeShape(area: smallerArea * ratio), smaller.makeShape(area: smallerArea))
        }
    }
}
