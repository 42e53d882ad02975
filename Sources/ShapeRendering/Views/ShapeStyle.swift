/// How a shape view paints its shape: the options the tutorial's `ShapeViewBuilder` sets.
public struct ShapeStyle: Sendable, Equatable, Codable {
    /// Whether the shape is filled.
    public var showFill: Bool
    /// The fill colour.
    public var fillColor: RGBAColor
    /// Whether the shape has an outline.
    public var showOutline: Bool
    /// The outline colour.
    public var outlineColor: RGBAColor
    /// The outline's width in pixels; the outline lies inside the shape's bounds.
    public var lineWidth: Double

    /// A style; the defaults are the finished tutorial game's: brown fill, orange outline 6 pixels wide.
    public init(
        showFill: Bool = true,
        fillColor: RGBAColor = Self.tutorialFill,
        showOutline: Bool = true,
        outlineColor: RGBAColor = Self.tutorialOutline,
        lineWidth: Double = 6
    ) {
        self.showFill = showFill
        self.fillColor = fillColor
        self.showOutline = showOutline
        self.outlineColor = outlineColor
        self.lineWidth = lineWidth
    }

    /// The finished tutorial game's fill: UIKit brown.
    public static let tutorialFill = RGBAColor(red: 0.6, green: 0.4, blue: 0.2)
    /// The finished tutorial game's outline: UIKit orange.
    public static let tutorialOutline = RGBAColor(red: 1, green: 0.5, blue: 0)
}
