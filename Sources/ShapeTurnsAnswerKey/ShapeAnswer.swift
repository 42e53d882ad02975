import ShapeGame
import ShapeRendering
import ShapeTurnsCore

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
    /// Image paths relative to the set folder (or, in a tar shard, member names), one per format
    /// written; in the pair layout both shapes name the turn's one image.
    public var files: ShapeFiles
    /// Where the shape is in its image, in pixels.
    public var box: PixelBox
    /// How far the shape is turned, in degrees clockwise, with `--rotation random`.
    public var rotation: Double?

    package init(
        label: ShapeLabel, shape: any Shape, canvasSide: Int, style: ShapeStyle, files: ShapeFiles, box: PixelBox
    ) {
        self.label = label
        kind = shape.kind
        proportion = shape.proportion
        extentPixels = shape.proportion * Double(canvasSide)
        area = shape.area
        self.style = StyleRecord(style)
        self.files = files
        self.box = box
    }

    private enum CodingKeys: String, CodingKey {
        case label, kind, proportion, extentPixels, area, style, files, box, rotation
    }

    /// Reads keys written before `box` existed too (every shape was then centred on its own
    /// square): their box is the centred one, so `score` keeps reading older sets.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(ShapeLabel.self, forKey: .label)
        kind = try container.decode(ShapeKind.self, forKey: .kind)
        proportion = try container.decode(Double.self, forKey: .proportion)
        extentPixels = try container.decode(Double.self, forKey: .extentPixels)
        area = try container.decode(Double.self, forKey: .area)
        style = try container.decode(StyleRecord.self, forKey: .style)
        files = try container.decode(ShapeFiles.self, forKey: .files)
        rotation = try container.decodeIfPresent(Double.self, forKey: .rotation)
        if let box = try container.decodeIfPresent(PixelBox.self, forKey: .box) {
            self.box = box
        } else {
            let side = proportion > 0 ? (extentPixels / proportion).rounded() : 0
            box = PixelBox(enclosing: Rect.shapeBounds(proportion: proportion, canvasSide: side))
        }
    }
}

extension ShapeAnswer {
    /// Writes this shape as `AnswerKeyEncoding` would encode it (keys sorted).
    package func writeJSON(to writer: inout JSONKeyWriter) {
        writer.object { writer in
            writer.member("area", area)
            writer.key("box")
            box.writeJSON(to: &writer)
            writer.member("extentPixels", extentPixels)
            writer.key("files")
            files.writeJSON(to: &writer)
            writer.member("kind", kind.rawValue)
            writer.member("label", label.rawValue)
            writer.member("proportion", proportion)
            writer.member("rotation", rotation)
            writer.key("style")
            style.writeJSON(to: &writer)
        }
    }
}
