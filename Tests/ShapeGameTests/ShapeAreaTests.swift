import ShapeGame
import Testing

@Suite("Shapes answer their exact areas")
struct ShapeAreaTests {
    @Test(arguments: [0.3, 0.5, 0.8, 1.0])
    func squareAreaIsSideSquared(proportion: Double) {
        #expect(SquareShape(proportion: proportion).area == proportion * proportion)
    }

    @Test(arguments: [0.3, 0.5, 0.8, 1.0])
    func circleAreaIsPiDiameterSquaredOverFour(proportion: Double) {
        let area = CircleShape(proportion: proportion).area
        #expect(abs(area - Double.pi * proportion * proportion / 4) < 1e-15)
    }

    @Test func aCircleIsSmallerThanTheSquareAroundIt() {
        #expect(CircleShape(proportion: 0.6).area < SquareShape(proportion: 0.6).area)
        #expect(abs(CircleShape(proportion: 1).area - 0.785398163397448) < 1e-12)
    }

    @Test func theTutorialsInvitedKindsHaveExactAreas() {
        let p = 0.6
        #expect(abs(TriangleShape(proportion: p).area - 0.4330127018922193 * p * p) < 1e-15)
        #expect(abs(HexagonShape(proportion: p).area - 0.649519052838329 * p * p) < 1e-15)
        // Pentagram outline with outer radius R = p/2: 10 triangles of sides R and 0.381966R at 36°.
        let outer = p / 2
        #expect(
            abs(StarShape(proportion: p).area - 10 * 0.5 * outer * (0.3819660112501051 * outer) * 0.5877852522924731)
                < 1e-15)
    }

    @Test func kindsNameThemselves() {
        #expect(SquareShape(proportion: 0.5).kind == .square)
        #expect(CircleShape(proportion: 0.5).kind == .circle)
        #expect(TriangleShape(proportion: 0.5).kind == .triangle)
        #expect(StarShape(proportion: 0.5).kind == .star)
        #expect(HexagonShape(proportion: 0.5).kind == .hexagon)
        #expect(ShapeKind.circle.rawValue == "circle")
    }
}
