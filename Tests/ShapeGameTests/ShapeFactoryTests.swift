import ShapeGame
import Testing

@Suite("Factories stay in their proportion range")
struct ShapeFactoryTests {
    static let factories: [any ShapeFactory] = [
        SquareShapeFactory(),
        CircleShapeFactory(),
        SquareShapeFactory(proportions: try! ProportionRange(minimum: 0.05, maximum: 0.1)),
        CircleShapeFactory(proportions: try! ProportionRange(minimum: 0.9, maximum: 1)),
    ]

    @Test(arguments: factories)
    func drawnShapesStayInRange(factory: any ShapeFactory) {
        var random = RandomStream(seed: 42, turn: 1)
        for _ in 0..<10_000 {
            let shape = factory.makeShape(using: &random)
            #expect(shape.kind == factory.kind)
            #expect(shape.proportion >= factory.proportions.minimum)
            #expect(shape.proportion <= factory.proportions.maximum)
        }
    }

    @Test(arguments: factories)
    func shapesOfAGivenAreaHaveThatArea(factory: any ShapeFactory) {
        let areas = factory.areaRange
        for step in 0...20 {
            let area = areas.lowerBound + (areas.upperBound - areas.lowerBound) * Double(step) / 20
            let shape = factory.makeShape(area: area)
            #expect(abs(shape.area - area) <= area * 1e-12)
        }
    }

    @Test func theStandardRangeIsTheTutorials() {
        #expect(ProportionRange.standard.minimum == 0.3)
        #expect(ProportionRange.standard.maximum == 0.8)
        #expect(SquareShapeFactory().proportions == .standard)
    }

    @Test(arguments: [(0.0, 0.5), (-0.1, 0.5), (0.3, 1.01), (0.3, .nan), (.infinity, 1)])
    func proportionsOutsideZeroToOneAreRefused(minimum: Double, maximum: Double) {
        #expect(throws: ShapeGameError.self) {
            try ProportionRange(minimum: minimum, maximum: maximum)
        }
    }

    @Test func aReversedRangeIsRefused() {
        #expect(throws: ShapeGameError.proportionsReversed(minimum: 0.8, maximum: 0.3)) {
            try ProportionRange(minimum: 0.8, maximum: 0.3)
        }
    }
}
