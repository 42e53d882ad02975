import ShapeGame

/// One line of `metadata.jsonl`: the image columns `imagefolder` turns into images (`a` and `b`,
/// or `image` in the pair layout), with the label and facts beside them. Paths are relative to
/// the split folder the file is in.
struct ImageFolderRow: Encodable {
    var fileName: String?
    var aFileName: String?
    var bFileName: String?
    var turn: Int
    /// `larger` as a class index, 0 for `a` and 1 for `b` (the card declares it a `ClassLabel`).
    var label: Int
    var larger: String
    var areaRatio: Double
    var kindA: String
    var kindB: String
    var areaA: Double
    var areaB: Double
    var boxA: [Int]
    var boxB: [Int]
    var rotationA: Double?
    var rotationB: Double?
    var fillA: String?
    var fillB: String?
    var outlineA: String?
    var outlineB: String?

    enum CodingKeys: String, CodingKey {
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
    }

    init(_ answer: TurnAnswer, layout: ImageLayout) {
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
    }
}
