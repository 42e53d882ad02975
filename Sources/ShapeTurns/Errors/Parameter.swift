/// A parameter of the library that an error message names: an option's property
/// (`GenerateOptions.turns`), a function's argument (`diffPath`), an input or output file, or
/// an operation the message suggests (`merge`).
///
/// The library's messages spell it as its API does (``ParameterSpelling/library``: `turns`,
/// `layout = .pair`, or just the path of a file); a front end spells it its own way, as the
/// command line does with its flags (`--turns`, `--layout pair`, `--out PATH`). Adding a case
/// makes every spelling's `switch` name it, so no message can leave a parameter unspelled.
package enum Parameter: Sendable, Hashable, CaseIterable {
    // GenerateOptions
    case turns, seed, formats, size, shapes, strategy, minimumProportion, maximumProportion, minimumRatio
    case difficulty, lineWidth, withoutFill, withoutOutline, fillColor, outlineColor, background, pngEncoding
    case layout, labels, pack, shardTurns, split, turnJSON, placement, rotation, palette
    case balance, ratioRange, ratioDistribution, seedOffset, exclude
    // RunOptions
    case jobs, shard, resume, force
    // WorksheetOptions
    case worksheetTurns, columns, rows, title
    // Comparison options
    case threshold, diffAlpha, maxDifferentPixels, maxDifferentRatio, masks, folderJobs, prune
    // Files and folders
    case destination, worksheetDestination, diffPath, reportFolder, junitFile, gradebookFile, answerKey, responses
    case classAnswers, roster, classRoster, approvedPath, shardFolder
    case expectedSheets, singleSided, answerKeyMode
    /// `scan`: the scanned files, the review folder, the responses it writes.
    case scans, reviewFolder, scanResponses
    // Operations a message suggests
    case generate, merge

    /// How the library writes a value of this parameter next to its name.
    package enum ValueStyle: Sendable {
        /// A path: the library's messages show the path alone.
        case path
        /// An enumeration's case: `layout = .pair`.
        case enumerationCase
        /// A number, a Boolean or a text: `turnJSON = false`.
        case literal
    }

    /// The name the library's API gives this parameter.
    package var libraryName: String {
        switch self {
        case .turns, .worksheetTurns: "turns"
        case .seed: "seed"
        case .formats: "formats"
        case .size: "size"
        case .shapes: "shapes"
        case .strategy: "strategy"
        case .minimumProportion: "proportions.minimum"
        case .maximumProportion: "proportions.maximum"
        case .minimumRatio: "minimumRatio"
        case .difficulty: "difficulty"
        case .lineWidth: "style.lineWidth"
        case .withoutFill: "style.showFill = false"
        case .withoutOutline: "style.showOutline = false"
        case .fillColor: "style.fillColor"
        case .outlineColor: "style.outlineColor"
        case .background: "background"
        case .pngEncoding: "pngEncoding"
        case .placement: "placement"
        case .layout: "layout"
        case .labels: "labels"
        case .pack: "pack"
        case .shardTurns: "shardTurns"
        case .split: "split"
        case .turnJSON: "turnJSON"
        case .rotation: "rotation"
        case .palette: "palette"
        case .balance: "balance"
        case .ratioRange: "ratioRange"
        case .seedOffset: "seedOffset"
        case .exclude: "exclude"
        case .ratioDistribution: "ratioDistribution"
        case .jobs, .folderJobs: "jobs"
        case .shard: "shard"
        case .resume: "resume"
        case .force: "force"
        case .columns: "columns"
        case .rows: "rows"
        case .title: "title"
        case .threshold: "threshold"
        case .diffAlpha: "diffAlpha"
        case .maxDifferentPixels: "maxDifferentPixels"
        case .maxDifferentRatio: "maxDifferentRatio"
        case .masks: "masks"
        case .prune: "prune"
        case .destination, .worksheetDestination, .reportFolder, .gradebookFile, .reviewFolder, .scanResponses:
            "destination"
        case .scans: "scans"
        case .diffPath: "diffPath"
        case .junitFile: "junitPath"
        case .answerKey: "key"
        case .responses: "responses"
        case .classAnswers: "class answers"
        case .roster, .classRoster: "roster"
        case .approvedPath: "path"
        case .shardFolder: "folder"
        case .expectedSheets: "expectedSheets"
        case .singleSided: "singleSided"
        case .answerKeyMode: "answerKey"
        case .generate: "SetGenerator.generate(into:run:)"
        case .merge: "SetMerger.merge()"
        }
    }

    /// The parameter a field of the recorded `GenerateOptions` belongs to, by the field's dotted
    /// path in `manifest.json` (`minimumRatio`, `style.fillColor.red`, `split.parts`).
    package init?(optionField path: String) {
        let field = Self.allCases.compactMap { parameter in parameter.optionField.map { (parameter, $0) } }
            .filter { path == $0.1 || path.hasPrefix($0.1 + ".") }
            .max { $0.1.count < $1.1.count }
        guard let field else { return nil }
        self = field.0
    }

    /// The path of this parameter's field in the recorded `GenerateOptions`, if it is one.
    private var optionField: String? {
        switch self {
        case .withoutFill: "style.showFill"
        case .withoutOutline: "style.showOutline"
        case .turns, .seed, .formats, .size, .shapes, .strategy, .minimumProportion, .maximumProportion,
            .minimumRatio, .difficulty, .lineWidth, .fillColor, .outlineColor, .background, .pngEncoding, .layout,
            .labels, .pack, .shardTurns, .split, .turnJSON, .placement, .rotation, .palette, .balance, .ratioRange,
            .ratioDistribution, .seedOffset, .exclude:
            libraryName
        default: nil
        }
    }

    /// How the library writes this parameter's values.
    package var valueStyle: ValueStyle {
        switch self {
        case .strategy, .difficulty, .layout, .pack, .rotation, .placement, .pngEncoding, .ratioDistribution:
            .enumerationCase
        case .destination, .worksheetDestination, .diffPath, .reportFolder, .junitFile, .gradebookFile, .answerKey,
            .responses, .classAnswers, .roster, .classRoster, .approvedPath, .shardFolder, .scans, .reviewFolder,
            .scanResponses:
            .path
        default: .literal
        }
    }
}
