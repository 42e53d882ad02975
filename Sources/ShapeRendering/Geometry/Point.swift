/// A point in a surface's coordinates: pixels, x to the right, y down.
public struct Point: Sendable, Equatable {
    /// Distance from the left edge.
    public var x: Double
    /// Distance from the top edge.
    public var y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
