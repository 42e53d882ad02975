import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The answer key of one turn (schema version 1): written as `turns/BBB/NNNNNN.json` and as one
/// line of `answers.jsonl`. Field meanings are documented in `docs/file-formats.md`.
public struct TurnAnswer: Sendable, Equatable, Codable {
    /// The schema version this library writes.
    package static let schemaVersion = 1

    /// This object's schema version.
    public var schemaVersion: Int
    /// 1-based position in the set.
    public var turn: Int
    /// The set's seed; with `turn` it reproduces this turn.
    public var seed: UInt64
    /// The label of the shape with the larger area.
    public var larger: ShapeLabel
    /// Larger area divided by smaller area; always above 1.
    public var areaRatio: Double
    /// The canvas each shape was drawn on.
    public var canvas: CanvasRecord
    /// Shape `a` then shape `b`.
    public var shapes: [ShapeAnswer]
    /// The split the turn belongs to, in a set made with `--split`.
    public var split: String?
    /// The tar shard holding the turn's files, relative to the set folder, with `--pack tar`.
    public var archive: String?
    /// In a set made with `--balance`, whether each balanced measure (extent, perimeter, box)
    /// is larger for the larger shape (congruent) or for the smaller one (incongruent).
    public var congruent: CueCongruence?
    /// In a set made with `--balance`, the pair of counterfactual turns this one belongs to:
    /// turns 2j − 1 and 2j are pair j (the same kinds, one with A larger, one with B).
    public var pair: Int?

    package init(
        turn: Turn, seed: UInt64, canvas: CanvasRecord, style: ShapeStyle,
        files: (ShapeLabel) -> ShapeFiles, box: (ShapeLabel) -> PixelBox
    ) {
        schemaVersion = Self.schemaVersion
        self.turn = turn.number
        self.seed = seed
        larger = turn.larger
        areaRatio = turn.areaRatio
        self.canvas = canvas
        shapes = ShapeLabel.allCases.map { label in
            ShapeAnswer(
                label: label, shape: turn.shape(label), canvasSide: canvas.shapeSquare ?? canvas.width, style: style,
                files: files(label), box: box(label)
            )
        }
    }
}

extension TurnAnswer {
    /// Writes this key as `AnswerKeyEncoding` would encode it (keys sorted).
    package func writeJSON(to writer: inout JSONKeyWriter) {
        writer.object { writer in
            writer.member("archive", archive)
            writer.member("areaRatio", areaRatio)
            writer.key("canvas")
            canvas.writeJSON(to: &writer)
            if let congruent {
                writer.key("congruent")
                congruent.writeJSON(to: &writer)
            }
            writer.member("larger", larger.rawValue)
            writer.member("pair", pair)
            writer.member("schemaVersion", schemaVersion)
            writer.key("seed")
            writer.integer(seed)
            writer.key("shapes")
            writer.array { writer in
                for shape in shapes {
                    writer.element()
                    shape.writeJSON(to: &writer)
                }
            }
            writer.member("split", split)
            writer.member("turn", turn)
        }
    }
}
