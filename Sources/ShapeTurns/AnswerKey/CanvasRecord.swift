import ShapeRendering

/// The canvas each shape of a turn is drawn on.
public struct CanvasRecord: Sendable, Equatable, Codable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// `transparent`, or the background colour as `#RRGGBB[AA]`.
    public var background: String

    package init(side: Int, background: CanvasBackground) {
        width = side
        height = side
        self.background = background.description
    }
}
