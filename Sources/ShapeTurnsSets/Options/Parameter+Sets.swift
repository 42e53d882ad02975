import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The parameters `GenerateOptions`, `RunOptions`, `SetMerger` and the answer-key readers' messages name.
extension Parameter {
    package static let turns = Parameter("turns", flag: "--turns", optionField: "turns")
    package static let seed = Parameter("seed", flag: "--seed", optionField: "seed")
    package static let formats = Parameter("formats", flag: "--format", optionField: "formats")
    package static let size = Parameter("size", flag: "--size", optionField: "size")
    package static let shapes = Parameter("shapes", flag: "--shapes", optionField: "shapes")
    package static let strategy = Parameter(
        "strategy", flag: "--strategy", style: .enumerationCase, optionField: "strategy")
    package static let minimumProportion = Parameter(
        "proportions.minimum", flag: "--min-proportion", optionField: "proportions.minimum")
    package static let maximumProportion = Parameter(
        "proportions.maximum", flag: "--max-proportion", optionField: "proportions.maximum")
    package static let minimumRatio = Parameter("minimumRatio", flag: "--min-ratio", optionField: "minimumRatio")
    package static let difficulty = Parameter(
        "difficulty", flag: "--difficulty", style: .enumerationCase, optionField: "difficulty")
    package static let lineWidth = Parameter("style.lineWidth", flag: "--line-width", optionField: "style.lineWidth")
    package static let withoutFill = Parameter(
        "style.showFill = false", flag: "--no-fill", optionField: "style.showFill")
    package static let withoutOutline = Parameter(
        "style.showOutline = false", flag: "--no-outline", optionField: "style.showOutline")
    package static let fillColor = Parameter("style.fillColor", flag: "--fill", optionField: "style.fillColor")
    package static let outlineColor = Parameter(
        "style.outlineColor", flag: "--outline", optionField: "style.outlineColor")
    package static let background = Parameter("background", flag: "--background", optionField: "background")
    package static let pngEncoding = Parameter(
        "pngEncoding", flag: "--png-compression", style: .enumerationCase, optionField: "pngEncoding")
    package static let layout = Parameter("layout", flag: "--layout", style: .enumerationCase, optionField: "layout")
    package static let labels = Parameter("labels", flag: "--labels", optionField: "labels")
    package static let pack = Parameter("pack", flag: "--pack", style: .enumerationCase, optionField: "pack")
    package static let shardTurns = Parameter("shardTurns", flag: "--shard-turns", optionField: "shardTurns")
    package static let split = Parameter("split", flag: "--split", optionField: "split")
    package static let turnJSON = Parameter("turnJSON", flag: "--turn-json", optionField: "turnJSON")
    package static let placement = Parameter(
        "placement", flag: "--placement", style: .enumerationCase, optionField: "placement")
    package static let rotation = Parameter(
        "rotation", flag: "--rotation", style: .enumerationCase, optionField: "rotation")
    package static let palette = Parameter("palette", flag: "--palette", optionField: "palette")
    package static let balance = Parameter("balance", flag: "--balance", optionField: "balance")
    package static let ratioRange = Parameter("ratioRange", flag: "--ratio-range", optionField: "ratioRange")
    package static let ratioDistribution = Parameter(
        "ratioDistribution", flag: "--ratio-distribution", style: .enumerationCase, optionField: "ratioDistribution")
    package static let seedOffset = Parameter("seedOffset", flag: "--seed-offset", optionField: "seedOffset")
    package static let exclude = Parameter("exclude", flag: "--exclude", optionField: "exclude")
    package static let jobs = Parameter("jobs", flag: "--jobs")
    package static let shard = Parameter("shard", flag: "--shard")
    package static let answerKey = Parameter("key", flag: "--key", style: .path)
    package static let shardFolder = Parameter("folder", flag: "dir", style: .path)
    package static let generate = Parameter("SetGenerator.generate(into:run:)", flag: "generate")
    package static let merge = Parameter("SetMerger.merge()", flag: "merge")

    /// Every parameter above, for the tests that check each is spelled as a command takes it.
    package static let setsParameters: [Parameter] = [
        .turns, .seed, .formats, .size, .shapes, .strategy, .minimumProportion, .maximumProportion, .minimumRatio,
        .difficulty, .lineWidth, .withoutFill, .withoutOutline, .fillColor, .outlineColor, .background, .pngEncoding,
        .layout, .labels, .pack, .shardTurns, .split, .turnJSON, .placement, .rotation, .palette, .balance, .ratioRange,
        .ratioDistribution, .seedOffset, .exclude, .jobs, .shard, .answerKey, .shardFolder, .generate, .merge,
    ]

    /// The parameter a field of the recorded `GenerateOptions` belongs to, by the field's dotted
    /// path in `manifest.json` (`minimumRatio`, `style.fillColor.red`, `split.parts`).
    package init?(optionField path: String) {
        let field = Self.setsParameters.compactMap { parameter in parameter.optionField.map { (parameter, $0) } }
            .filter { path == $0.1 || path.hasPrefix($0.1 + ".") }
            .max { $0.1.count < $1.1.count }
        guard let field else { return nil }
        self = field.0
    }
}
