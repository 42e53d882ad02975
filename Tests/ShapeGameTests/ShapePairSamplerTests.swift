import ShapeGame
import Testing

@Suite("Pairs keep their area ratio band")
struct ShapePairSamplerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let first: any ShapeFactory
        let second: any ShapeFactory
        let band: ClosedRange<Double>
        var testDescription: String { "\(first.kind)/\(second.kind) \(first.proportions) ratios \(band)" }
    }

    static let narrow = try! ProportionRange(minimum: 0.5, maximum: 0.6)

    static let cases: [Case] = [
        Case(first: SquareShapeFactory(), second: SquareShapeFactory(), band: 1.1...Double.infinity),
        Case(first: CircleShapeFactory(), second: CircleShapeFactory(), band: 2...Double.infinity),
        // Near the largest ratio the range allows (1.44): the area-space fallback does the work.
        Case(
            first: SquareShapeFactory(proportions: narrow), second: SquareShapeFactory(proportions: narrow),
            band: 1.43...Double.infinity),
        Case(first: SquareShapeFactory(), second: CircleShapeFactory(), band: 1.5...Double.infinity),
        Case(first: StarShapeFactory(), second: HexagonShapeFactory(), band: 1.1...1.3),
        Case(first: TriangleShapeFactory(), second: TriangleShapeFactory(), band: 1.7...1.7001),
        Case(first: SquareShapeFactory(), second: SquareShapeFactory(), band: (64.0 / 9.0)...(64.0 / 9.0)),
    ]

    @Test(arguments: cases)
    func everyPairFallsInTheBand(_ testCase: Case) throws {
        let sampler = ShapePairSampler(first: testCase.first, second: testCase.second)
        try sampler.validate(testCase.band)
        for turn in 0..<5_000 {
            var random = RandomStream(seed: 8, turn: turn)
            let pair = sampler.makePair(ratios: testCase.band, using: &random)
            let ratio = pair.larger.area / pair.smaller.area
            #expect(testCase.band.contains(ratio), "ratio \(ratio)")
            for shape in [pair.larger, pair.smaller] {
                let range = shape.kind == testCase.first.kind ? testCase.first.proportions : testCase.second.proportions
                #expect(shape.proportion >= range.minimum && shape.proportion <= range.maximum)
            }
        }
    }

    @Test func ratiosKeepTheTutorialsSpread() throws {
        let sampler = ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory())
        let ratios = (0..<5_000).map { turn -> Double in
            var random = RandomStream(seed: 1, turn: turn)
            let pair = sampler.makePair(ratios: 1.1...Double.infinity, using: &random)
            return pair.larger.area / pair.smaller.area
        }
        // Two uniform proportions in 0.3...0.8 give area ratios above 2 about 40% of the time.
        let easy = ratios.filter { $0 > 2 }.count
        #expect((1_700...2_300).contains(easy))
    }

    @Test func achievableRatiosFollowTheAreaRanges() {
        let same = ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory()).achievableRatios
        #expect(same.lowerBound == 1)
        #expect(abs(same.upperBound - 64.0 / 9.0) < 1e-12)
        let big = try! ProportionRange(minimum: 0.9, maximum: 1)
        let apart = ShapePairSampler(first: SquareShapeFactory(proportions: big), second: StarShapeFactory())
            .achievableRatios
        #expect(apart.lowerBound > 1)
    }

    @Test func ratiosOfOneOrLessAreRefused() {
        let sampler = ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory())
        #expect(throws: ShapeGameError.minimumRatioTooSmall(1)) { try sampler.validate(1...2) }
        #expect(throws: ShapeGameError.self) { try AreaRatioBand(minimum: .nan) }
        #expect(throws: ShapeGameError.self) { try AreaRatioBand(minimum: .infinity) }
        #expect(throws: ShapeGameError.self) { try AreaRatioBand(minimum: 1.5, maximum: 1.2) }
    }

    @Test func unreachableRatiosAreRefusedWithTheLargestPossible() {
        let sampler = ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory())
        let error = #expect(throws: ShapeGameError.self) { try sampler.validate(8...Double.infinity) }
        guard case .minimumRatioUnreachable(let requested, let largest) = error?.code else {
            Issue.record("expected minimumRatioUnreachable, got \(String(describing: error))")
            return
        }
        #expect(requested == 8)
        #expect(abs(largest - 64.0 / 9.0) < 1e-12)
        #expect(error?.description.hasSuffix("allow at most 7.111") == true)
    }

    @Test func bandsBelowTheSmallestRatioAreRefused() {
        let big = try! ProportionRange(minimum: 0.9, maximum: 1)
        let sampler = ShapePairSampler(
            first: SquareShapeFactory(proportions: big), second: StarShapeFactory(proportions: big))
        #expect(throws: ShapeGameError.self) { try sampler.validate(1.1...1.4) }
    }
}
