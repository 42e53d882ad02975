/// A turn's two shapes before they are given their labels, ordered by area.
package struct ShapePair: Sendable {
    package let larger: any Shape
    package let smaller: any Shape

    package init(_ one: any Shape, _ other: any Shape) {
        if one.area >= other.area {
            larger = one
            smaller = other
        } else {
            larger = other
            smaller = one
        }
    }

    /// Places the larger shape under `label` and the smaller under the other.
    package func turn(number: Int, largerLabel label: ShapeLabel) -> Turn {
        switch label {
        case .a: Turn(number: number, shapeA: larger, shapeB: smaller)
        case .b: Turn(number: number, shapeA: smaller, shapeB: larger)
        }
    }
}
