import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Whether a turn's measured cues point to its larger shape: `true` (congruent) when the larger
/// shape also has the larger extent, outline or box, `false` (incongruent) when it has the
/// smaller (or an equal box, whose pixels tie). Written only for the cues `--balance` names.
public struct CueCongruence: Sendable, Equatable, Codable {
    /// The larger shape has the larger extent (side, diameter).
    public var extent: Bool?
    /// The larger shape has the longer outline.
    public var perimeter: Bool?
    /// The larger shape covers the larger box of pixels, as the key's `box` records it.
    public var box: Bool?

    package init(extent: Bool? = nil, perimeter: Bool? = nil, box: Bool? = nil) {
        self.extent = extent
        self.perimeter = perimeter
        self.box = box
    }

    /// The measured cues of `cues` for `turn`, whose shapes' answers are `shapes` (A then B);
    /// `nil` when `cues` names none of them.
    package init?(turn: Turn, shapes: [ShapeAnswer], cues: [BalancedCue]) {
        guard cues.contains(where: \.isMeasure), shapes.count == 2 else { return nil }
        let larger = turn.larger == .a ? 0 : 1
        let smaller = 1 - larger
        let outlines = ShapeLabel.allCases.map { (turn.shape($0) as? any OutlinedShape)?.perimeter ?? 0 }
        let boxes = shapes.map { $0.box.width * $0.box.height }
        self.init(
            extent: cues.contains(.extent) ? shapes[larger].proportion > shapes[smaller].proportion : nil,
            perimeter: cues.contains(.perimeter) ? outlines[larger] > outlines[smaller] : nil,
            box: cues.contains(.box) ? boxes[larger] > boxes[smaller] : nil)
    }
}

extension CueCongruence {
    /// Writes these cues as `AnswerKeyEncoding` would encode them (keys sorted).
    package func writeJSON(to writer: inout JSONKeyWriter) {
        writer.object { writer in
            writer.member("box", box)
            writer.member("extent", extent)
            writer.member("perimeter", perimeter)
        }
    }
}
