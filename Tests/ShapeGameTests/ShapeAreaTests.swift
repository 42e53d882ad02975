import Testing
import ShapeGame

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

    @Test func kindsNameThemselves() {
        #expect(SquareShape(proportion: 0.5).kind == .square)
        #expect(CircleShape(proportion: 0.5).kind == .circle)
        #expect(ShapeKind.circle.rawValue == "circle")
    }
}
