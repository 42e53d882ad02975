import ShapeGame
import ShapeRendering

/// One shape of a turn in an answer key.
public struct ShapeAnswer: Sendable, Equatable, Codable {
    /// `a` or `b`.
    public var label: ShapeLabel
    /// The shape's kind.
    public var kind: ShapeKind
    /// Side or diameter as a fraction of the canvas side.
    public var proportion: Double
    /// Side or diameter in pixels.
    public var extentPixels: Double
    /// Exact area as a fraction of the canvas area.
    public var area: Double
    /// The shape's fill, outline and line width.
    public var style: StyleRecord
    /// Image paths relative to the set folder, one per format written.
    public var files: ShapeFiles

    package init(label: ShapeLabel, shape: any Shape, canvasSide: Int, style: ShapeStyle, files: ShapeFiles) {
        self.label = label
        kind = shape.kind
        proportion = shape.proportion
        extentPixels = shape.proportion * Double(canvasSide)
        area = shape.area
        self.style = StyleRecord(style)
        self.files = files
    }
}
