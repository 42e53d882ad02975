import ShapeGame
import ShapeRendering

/// One shape of a turn in an answer key.
public struct ShapeAnswer: Sendable, Equatable, Codable {
    public var label: ShapeLabel
    public var kind: ShapeKind
    /// Side or diameter as a fraction of the canvas side.
    public var proportion: Double
    /// Side or diameter in pixels.
    public var extentPixels: Double
    /// Exact area as a fraction of the canvas area.
    public var area: Double
    public var style: StyleRecord
    /// Image paths relative to the set folder (or, in a tar shard, member names), one per format
    /// written; in the pair layout both shapes name the turn's one image.
    public var files: ShapeFiles
    /// Where the shape is in its image, in pixels.
    public var box: PixelBox
    /// How far the shape is turned, in degrees clockwise, with `--rotation random`.
    public var rotation: Double?

    public init(label: ShapeLabel, shape: any Shape, canvasSide: Int, style: ShapeStyle, files: ShapeFiles, box: PixelBox) {
        self.label = label
        kind = shape.kind
        proportion = shape.proportion
        extentPixels = shape.proportion * Double(canvasSide)
        area = shape.area
        self.style = StyleRecord(style)
        self.files = files
        self.box = box
    }
}
