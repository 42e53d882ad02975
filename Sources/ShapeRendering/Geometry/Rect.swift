/// An axis-aligned rectangle in a surface's coordinates.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A `side`-by-`side` square centred on `center`.
    public init(centeredAt center: Point, side: Double) {
        self.init(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }

    /// Where a shape of `proportion` sits on a square canvas of side `canvasSide`: centred, with
    /// side `proportion × canvasSide` (what every `ShapeView` draws within).
    public static func shapeBounds(proportion: Double, canvasSide: Double) -> Rect {
        Rect(centeredAt: Point(x: canvasSide / 2, y: canvasSide / 2), side: proportion * canvasSide)
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// The rectangle shrunk by `amount` on every side.
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
