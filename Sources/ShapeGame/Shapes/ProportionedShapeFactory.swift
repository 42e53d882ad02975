/// Makes shapes of one proportioned kind within a proportion range (the tutorial's
/// `SquareShapeFactory` and `CircleShapeFactory` are two of its instances).
package struct ProportionedShapeFactory<Made: ProportionedShape>: ShapeFactory {
    package let proportions: ProportionRange

    package init(proportions: ProportionRange = .standard) {
        self.proportions = proportions
    }

    package var kind: ShapeKind { Made.kind }

    package func makeShape(proportion: Double) -> any Shape {
        Made(proportion: proportion)
    }
}

package typealias SquareShapeFactory = ProportionedShapeFactory<SquareShape>
package typealias CircleShapeFactory = ProportionedShapeFactory<CircleShape>
package typealias TriangleShapeFactory = ProportionedShapeFactory<TriangleShape>
package typealias StarShapeFactory = ProportionedShapeFactory<StarShape>
package typealias HexagonShapeFactory = ProportionedShapeFactory<HexagonShape>
