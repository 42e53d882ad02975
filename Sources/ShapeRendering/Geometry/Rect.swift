/// An axis-aligned rectangle in a surface's coordinates.
public struct Rect: Sendable, Equatable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// The rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A `side`-by-`side` square centred on `center`.
    package init(centeredAt center: Point, side: Double) {
        self.init(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }

    /// Where a shape of `proportion` sits on a square canvas of side `canvasSide`: centred, with
    /// side `proportion × canvasSide` (what every `ShapeView` draws within).
    package static func shapeBounds(proportion: Double, canvasSide: Double) -> Rect {
        Rect(centeredAt: Point(x: canvasSide / 2, y: canvasSide / 2), side: proportion * canvasSide)
    }

    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package var midX: Double { x + width / 2 }
    package var midY: Double { y + height / 2 }
    package var center: Point { Point(x: midX, y: midY) }

    /// The rectangle shrunk by `amount` on every side.
    package func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
