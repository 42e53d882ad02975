import Testing
import ShapeGame

@Suite("Pairs keep the minimum area ratio")
struct ShapePairSamplerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let first: any ShapeFactory
        let second: any ShapeFactory
        let minimumRatio: Double
        var testDescription: String { "\(first.kind)/\(second.kind) \(first.proportions) ratio \(minimumRatio)" }
    }

    static let narrow = try! ProportionRange(minimum: 0.5, maximum: 0.6)

    static let cases: [Case] = [
        Case(first: SquareShapeFactory(), second: SquareShapeFactory(), minimumRatio: 1.1),
        Case(first: CircleShapeFactory(), second: CircleShapeFactory(), minimumRatio: 2),
        // Near the largest ratio the range allows (1.44): the area-space fallback does the work.
        Case(first: SquareShapeFactory(proportions: narrow), second: SquareShapeFactory(proportions: narrow), minimumRatio: 1.43),
        Case(first: SquareShapeFactory(), second: CircleShapeFactory(), minimumRatio: 1.5),
        Case(first: SquareShapeFactory(), second: SquareShapeFactory(), minimumRatio: 64.0 / 9.0),
    ]

    @Test(arguments: cases)
    func everyPairMeetsTheMinimumRatio(_ testCase: Case) throws {
        let sampler = try ShapePairSampler(first: testCase.first, second: testCase.second, minimumRatio: testCase.minimumRatio)
        for turn in 0..<5_000 {
            var random = RandomStream(seed: 8, turn: turn)
            let pair = sampler.makePair(using: &random)
            #expect(pair.larger.area / pair.smaller.area >= testCase.minimumRatio)
            for shape in [pair.larger, pair.smaller] {
                let range = shape.kind == testCase.first.kind ? testCase.first.proportions : testCase.second.proportions
                #expect(shape.proportion >= range.minimum && shape.proportion <= range.maximum)
            }
        }
    }

    @Test func ratiosKeepTheTutorialsSpread() throws {
        let sampler = try ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory(), minimumRatio: 1.1)
        let ratios = (0..<5_000).map { turn -> Double in
            var random = RandomStream(seed: 1, turn: turn)
            let pair = sampler.makePair(using: &random)
            return pair.larger.area / pair.smaller.area
        }
        // Two uniform proportions in 0.3...0.8 give area ratios above 2 about 40% of the time.
        let easy = ratios.filter { $0 > 2 }.count
        #expect((1_700...2_300).contains(easy))
    }

    @Test func ratiosOfOneOrLessAreRefused() {
        #expect(throws: ShapeGameError.minimumRatioTooSmall(1)) {
            try ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory(), minimumRatio: 1)
        }
        #expect(throws: ShapeGameError.self) {
            try ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory(), minimumRatio: .nan)
        }
    }

    @Test func unreachableRatiosAreRefusedWithTheLargestPossible() {
        let error = #expect(throws: ShapeGameError.self) {
            try ShapePairSampler(first: SquareShapeFactory(), second: SquareShapeFactory(), minimumRatio: 8)
        }
        guard case .minimumRatioUnreachable(let requested, let largest) = error else {
            Issue.record("expected minimumRatioUnreachable, got \(String(describing: error))")
            return
        }
        #expect(requested == 8)
        #expect(abs(largest - 64.0 / 9.0) < 1e-12)
        #expect(error?.description.hasSuffix("allow at most 7.111") == true)
    }
}
