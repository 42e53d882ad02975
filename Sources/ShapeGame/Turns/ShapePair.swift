/// A turn's two shapes before they are given their labels, ordered by area.
public struct ShapePair: Sendable {
    public let larger: any Shape
    public let smaller: any Shape

    public init(_ one: any Shape, _ other: any Shape) {
        if one.area >= other.area {
            larger = one
            smaller = other
        } else {
            larger = other
            smaller = one
        }
    }

    /// Places the larger shape under `label` and the smaller under the other.
    public func turn(number: Int, largerLabel label: ShapeLabel) -> Turn {
        switch label {
        case .a: Turn(number: number, shapeA: larger, shapeB: smaller)
        case .b: Turn(number: number, shapeA: smaller, shapeB: larger)
        }
    }
}
