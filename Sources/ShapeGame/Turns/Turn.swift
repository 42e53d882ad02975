/// One turn of "Tap the Larger Shape": two shapes, one of which the player must pick.
public struct Turn: Sendable {
    /// The turn's 1-based position in its set.
    public let number: Int
    /// Shape A.
    public let shapeA: any Shape
    /// Shape B.
    public let shapeB: any Shape

    /// Turn `number` (1-based) of shape A against shape B.
    public init(number: Int, shapeA: any Shape, shapeB: any Shape) {
        self.number = number
        self.shapeA = shapeA
        self.shapeB = shapeB
    }

    /// The shape with `label`.
    public func shape(_ label: ShapeLabel) -> any Shape {
        switch label {
        case .a: shapeA
        case .b: shapeB
        }
    }

    /// The label of the shape with the larger area (`a` on an exact tie, which strategies never make).
    public var larger: ShapeLabel {
        shapeA.area >= shapeB.area ? .a : .b
    }

    /// The larger area divided by the smaller: above 1 unless the shapes tie.
    public var areaRatio: Double {
        max(shapeA.area, shapeB.area) / min(shapeA.area, shapeB.area)
    }

    /// The tutorial's rule: tapping a shape whose area is at least the other's is a match,
    /// so on a tie either tap matches.
    public func isMatch(tapping label: ShapeLabel) -> Bool {
        let tapped = shape(label).area
        let other = shape(label == .a ? .b : .a).area
        return tapped >= other
    }
}
