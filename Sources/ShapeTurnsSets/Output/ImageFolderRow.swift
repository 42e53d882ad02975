import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// One line of `metadata.jsonl`: the image columns `imagefolder` turns into images (`a` and `b`,
/// or `image` in the pair layout), with the label and facts beside them. Paths are relative to
/// the split folder the file is in.
package struct ImageFolderRow: Encodable {
    package var fileName: String?
    package var aFileName: String?
    package var bFileName: String?
    package var turn: Int
    /// `larger` as a class index, 0 for `a` and 1 for `b` (the card declares it a `ClassLabel`).
    package var label: Int
    package var larger: String
    package var areaRatio: Double
    package var kindA: String
    package var kindB: String
    package var areaA: Double
    package var areaB: Double
    package var boxA: [Int]
    package var boxB: [Int]
    package var rotationA: Double?
    package var rotationB: Double?
    package var fillA: String?
    package var fillB: String?
    package var outlineA: String?
    package var outlineB: String?
    /// With `--balance`: the turn's pair and whether each balanced measure is congruent.
    package var pair: Int?
    package var congruentExtent: Bool?
    package var congruentPerimeter: Bool?
    package var congruentBox: Bool?

    package enum CodingKeys: String, CodingKey {
        case fileName = "file_name"
        case aFileName = "a_file_name"
        case bFileName = "b_file_name"
        case turn, label, larger
        case areaRatio = "area_ratio"
        case kindA = "kind_a"
        case kindB = "kind_b"
        case areaA = "area_a"
        case areaB = "area_b"
        case boxA = "box_a"
        case boxB = "box_b"
        case rotationA = "rotation_a"
        case rotationB = "rotation_b"
        case fillA = "fill_a"
        case fillB = "fill_b"
        case outlineA = "outline_a"
        case outlineB = "outline_b"
        case pair
        case congruentExtent = "congruent_extent"
        case congruentPerimeter = "congruent_perimeter"
        case congruentBox = "congruent_box"
    }

    package init(_ answer: TurnAnswer, layout: ImageLayout) {
        let prefix = SetLayout.prefix(ofSplit: answer.split)
        let relative = { (shape: ShapeAnswer) -> String? in
            shape.files.png.map { String($0.dropFirst(prefix.count)) }
        }
        let a = answer.shapes.first
        let b = answer.shapes.last
        switch layout {
        case .separate:
            aFileName = a.flatMap(relative)
            bFileName = b.flatMap(relative)
        case .pair:
            fileName = a.flatMap(relative)
        }
        turn = answer.turn
        larger = answer.larger.rawValue
        label = answer.larger == .a ? 0 : 1
        rotationA = a?.rotation
        rotationB = b?.rotation
        fillA = a?.style.fill
        fillB = b?.style.fill
        outlineA = a?.style.outline
        outlineB = b?.style.outline
        areaRatio = answer.areaRatio
        kindA = a?.kind.rawValue ?? ""
        kindB = b?.kind.rawValue ?? ""
        areaA = a?.area ?? 0
        areaB = b?.area ?? 0
        boxA = a.map { [$0.box.x, $0.box.y, $0.box.width, $0.box.height] } ?? []
        boxB = b.map { [$0.box.x, $0.box.y, $0.box.width, $0.box.height] } ?? []
        pair = answer.pair
        congruentExtent = answer.congruent?.extent
        congruentPerimeter = answer.congruent?.perimeter
        congruentBox = answer.congruent?.box
    }
}

extension ImageFolderRow {
    /// This row's line of `metadata.jsonl`, the bytes `AnswerKeyEncoding.line(_:)` gives,
    /// written directly: a folder set writes one a turn on its writer thread.
    package var line: [UInt8] {
        var writer = JSONKeyWriter(pretty: false, capacity: 512)
        writer.object { writer in
            writer.member("a_file_name", aFileName)
            writer.member("area_a", areaA)
            writer.member("area_b", areaB)
            writer.member("area_ratio", areaRatio)
            writer.member("b_file_name", bFileName)
            Self.write(box: boxA, as: "box_a", to: &writer)
            Self.write(box: boxB, as: "box_b", to: &writer)
            writer.member("congruent_box", congruentBox)
            writer.member("congruent_extent", congruentExtent)
            writer.member("congruent_perimeter", congruentPerimeter)
            writer.member("file_name", fileName)
            writer.member("fill_a", fillA)
            writer.member("fill_b", fillB)
            writer.member("kind_a", kindA)
            writer.member("kind_b", kindB)
            writer.member("label", label)
            writer.member("larger", larger)
            writer.member("outline_a", outlineA)
            writer.member("outline_b", outlineB)
            writer.member("pair", pair)
            writer.member("rotation_a", rotationA)
            writer.member("rotation_b", rotationB)
            writer.member("turn", turn)
        }
        writer.finishLine()
        return writer.bytes
    }

    private static func write(box: [Int], as name: String, to writer: inout JSONKeyWriter) {
        writer.key(name)
        writer.array { writer in
            for value in box {
                writer.element()
                writer.integer(value)
            }
        }
    }
}
