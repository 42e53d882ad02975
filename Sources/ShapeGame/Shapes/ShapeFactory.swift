/// Makes shapes of one kind (the tutorial's Abstract Factory).
///
/// Shapes are scaled uniformly in their canvas, so a shape's area grows with the square of its
/// proportion; strategies rely on that to draw shapes of a chosen area.
package protocol ShapeFactory: Sendable {
    var kind: ShapeKind { get }
    var proportions: ProportionRange { get }

    func makeShape(proportion: Double) -> any Shape
}

extension ShapeFactory {
    /// The smallest and largest areas this factory makes.
    package var areaRange: ClosedRange<Double> {
        makeShape(proportion: proportions.minimum).area...makeShape(proportion: proportions.maximum).area
    }

    /// A shape whose proportion is uniform in the factory's range, as the tutorial draws them.
    package func makeShape(using random: inout RandomStream) -> any Shape {
        makeShape(proportion: random.nextDouble(in: proportions.minimum...proportions.maximum))
    }

    /// The shape of this kind whose area is `area` (clamped to the factory's range).
    package func makeShape(area: Double) -> any Shape {
        let unitArea = makeShape(proportion: 1).area
        let proportion = (area / unitArea).squareRoot()
        return makeShape(proportion: min(max(proportion, proportions.minimum), proportions.maximum))
    }
}
