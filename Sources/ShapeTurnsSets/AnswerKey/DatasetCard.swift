import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsAudit
import ShapeTurnsCore

/// The set's `README.md`: a Hugging Face dataset card whose YAML header `datasets` reads
/// (configs with each split's files, and the features of the folder layout), then
/// how the set was made and how to load it. Made from the manifest alone, so `generate` and
/// `merge` write the same card.
package struct DatasetCard {
    package let manifest: SetManifest

    package var bytes: [UInt8] { Array(text.utf8) }

    private var options: GenerateOptions { manifest.options }
    private var splitNames: [String] { options.split?.names ?? ["train"] }

    package var text: String {
        header + "\n" + body
    }

    // MARK: YAML header

    private var header: String {
        var lines = [
            "---", "pretty_name: \"Tap the Larger Shape (ShapeTurns)\"", "license: cc0-1.0", "size_categories:",
            "- \(sizeCategory)", "task_categories:", "- image-classification",
        ]
        if options.imageLayout == .pair {
            lines.append("- object-detection")
        }
        lines += ["tags:", "- synthetic", "- shapeturns"]
        // imagefolder reads PNGs, not SVGs: a set of SVGs alone gets no configs.
        if options.packFormat == .tar || options.formats.contains(.png) {
            lines += ["configs:", "- config_name: default", "  data_files:"]
            for split in splitNames {
                lines.append("  - split: \(split)")
                lines.append("    path:")
                for pattern in dataFiles(split: options.split == nil ? nil : split) {
                    lines.append("    - \"\(pattern)\"")
                }
            }
        }
        if options.packFormat == .tar || options.formats.contains(.png) {
            lines.append("dataset_info:")
            lines.append("  features:")
            let features = options.packFormat == .tar ? tarFeatures : folderFeatures
            for (name, type) in features {
                lines.append("  - name: \(name)")
                switch type {
                case "list": lines.append("    sequence: int64")
                case "label":
                    lines += [
                        "    dtype:", "      class_label:", "        names:", "          '0': a", "          '1': b",
                    ]
                case "key": lines += ["    struct:"] + Self.keyStruct.map { "    " + $0 }
                case "balancedKey":
                    lines +=
                        ["    struct:"] + (Self.keyStruct + ["- name: pair", "  dtype: int64"]).map { "    " + $0 }
                default: lines.append("    dtype: \(type)")
                }
            }
        }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The files of one split (or of the whole set, `nil`), as glob patterns relative to the set.
    private func dataFiles(split: String?) -> [String] {
        let prefix = SetLayout.prefix(ofSplit: split)
        switch options.packFormat {
        case .tar:
            return [SetLayout.tarShardFile(index: 0, split: split).replacingOccurrences(of: "000000", with: "*")]
        case .folder:
            return [prefix + SetLayout.metadataFile, prefix + SetLayout.turnsFolder + "/*/*.png"]
        }
    }

    /// The columns `imagefolder` makes of `metadata.jsonl`, in its order.
    private var folderFeatures: [(String, String)] {
        let images: [(String, String)] =
            options.imageLayout == .pair ? [("image", "image")] : [("a", "image"), ("b", "image")]
        return images + [
            ("turn", "int64"), ("label", "label"), ("larger", "string"), ("area_ratio", "float64"),
            ("kind_a", "string"), ("kind_b", "string"), ("area_a", "float64"), ("area_b", "float64"),
            ("box_a", "list"), ("box_b", "list"), ("rotation_a", "float64"), ("rotation_b", "float64"),
            ("fill_a", "string"), ("fill_b", "string"), ("outline_a", "string"), ("outline_b", "string"),
        ] + SetIndexWriter.balanceColumns(options).map { ($0, $0 == "pair" ? "int64" : "bool") }
    }

    /// The columns `datasets`' `webdataset` loader makes of a tar shard's members, declared so it
    /// does not guess types from the first samples.
    private var tarFeatures: [(String, String)] {
        let images = options.formats.flatMap { format -> [(String, String)] in
            let type = format == .png ? "image" : "binary"
            return options.imageLayout == .pair
                ? [(format.fileExtension, type)]
                : [("a.\(format.fileExtension)", type), ("b.\(format.fileExtension)", type)]
        }
        return [("__key__", "string"), ("__url__", "string")] + images + [
            ("cls", "label"), ("json", options.balance == nil ? "key" : "balancedKey"),
        ]
    }

    /// The answer key's fields as a `datasets` struct (YAML lines below `struct:`): what every
    /// key holds, with `split`, `archive`, `rotation` and `congruent` null where a set has none.
    private static let keyStruct: [String] = {
        func field(_ name: String, _ type: String, _ indent: String) -> [String] {
            ["\(indent)- name: \(name)", "\(indent)  dtype: \(type)"]
        }
        func group(_ name: String, _ fields: [(String, String)], _ indent: String, list: Bool = false) -> [String] {
            ["\(indent)- name: \(name)", "\(indent)  \(list ? "list" : "struct"):"]
                + fields.flatMap { field($0.0, $0.1, indent + "  ") }
        }
        let shape =
            [
                ("label", "string"), ("kind", "string"), ("proportion", "float64"), ("extentPixels", "float64"),
                ("area", "float64"), ("rotation", "float64"),
            ].flatMap { field($0.0, $0.1, "    ") }
            + group("box", [("x", "int64"), ("y", "int64"), ("width", "int64"), ("height", "int64")], "    ")
            + group("style", [("fill", "string"), ("outline", "string"), ("lineWidth", "float64")], "    ")
            + group("files", [("png", "string"), ("svg", "string")], "    ")
        return [
            ("schemaVersion", "int64"), ("turn", "int64"), ("seed", "uint64"), ("larger", "string"),
            ("areaRatio", "float64"), ("split", "string"), ("archive", "string"),
        ].flatMap { field($0.0, $0.1, "") }
            + group(
                "canvas",
                [("width", "int64"), ("height", "int64"), ("shapeSquare", "int64"), ("background", "string")], "")
            + group("congruent", [("extent", "bool"), ("perimeter", "bool"), ("box", "bool")], "")
            + ["- name: shapes", "  list:"] + shape
    }()

    /// Hugging Face's size category for the set's turns.
    private var sizeCategory: String {
        switch manifest.counts.turns {
        case ..<1_000: "n<1K"
        case ..<10_000: "1K<n<10K"
        case ..<100_000: "10K<n<100K"
        case ..<1_000_000: "100K<n<1M"
        case ..<10_000_000: "1M<n<10M"
        default: "10M<n<100M"
        }
    }

    // MARK: Description

    private var body: String {
        var text = """
            # Tap the Larger Shape: \(manifest.counts.turns) turns

            Each turn shows two shapes, A and B; the label `larger` says which has the larger area. \
            Made by ShapeTurns \(manifest.toolVersion) \
            (Cairo \(manifest.cairoVersion)) with

            ```
            \(commandLine)
            ```

            Seed \(options.seed); the same command and ShapeTurns version give the same bytes. \
            Every option is recorded in `manifest.json`; every turn's answer key is a line of `answers.jsonl` \
            (field meanings: ShapeTurns' docs/datasets.md), and `labels.csv` has one row per turn.

            """
        text += "\n## Contents\n\n"
        text += "- \(layoutDescription)\n"
        text += "- Larger shape: A in \(manifest.counts.largerA) turns, B in \(manifest.counts.largerB).\n"
        if let counts = manifest.counts.splits {
            text += "- Splits: " + splitNames.map { "\($0) \(counts[$0] ?? 0)" }.joined(separator: ", ") + " turns.\n"
        }
        if let pairs = manifest.balancedKindPairs {
            text +=
                "- Balanced kind pairs (A's kind|B's kind), the only ones the set holds: \(pairs.joined(separator: ", ")).\n"
        }
        if let shards = manifest.shards {
            text +=
                "- \(shards.count) tar shard\(shards.count == 1 ? "" : "s") of up to \(options.turnsPerShard) turns, listed with their SHA-256 in `manifest.json`.\n"
        }
        if let audit = manifest.audit {
            text += "\n## Shortcut audit\n\n"
            text += """
                How well each cue but area predicts `larger`. Every rule is fitted on two thirds of the first \
                split's turns and scored on the other third (the turns of every third pair) and on every turn \
                of the other splits, with a 95% interval: one cue's \
                sign ("the larger extent is larger"), the best threshold on its log-ratio in either direction, a \
                depth-2 tree on it and the kind pair, the kind-pair and colour tables, and a depth-4 tree and a \
                logistic regression on every non-area field (these stay high by nature: kinds and extents give \
                the areas). 50% is chance; a rule whose interval lies above 50% is a shortcut a model can learn \
                instead of comparing areas (docs/datasets.md). `shapeturns audit` prints this for any set.


                """
            text += audit.markdownTable
        }
        text += "\n## Background\n\n"
        if case .color(let colour) = options.background {
            text +=
                colour.alpha >= 1
                ? "Images are RGB PNGs drawn on an opaque \(options.background.description) background.\n"
                : "Images are RGBA PNGs drawn on a translucent \(options.background.description) background.\n"
        } else {
            text += """
                **The background is transparent.** Images are RGBA PNGs with the shapes on transparent pixels. \
                Converting them with PIL's `.convert("RGB")` drops the alpha channel and shows the transparent \
                pixels as whatever colour they hold (often black); composite onto white instead:

                ```python
                from PIL import Image
                def on_white(image):
                    background = Image.new("RGBA", image.size, "white")
                    return Image.alpha_composite(background, image.convert("RGBA")).convert("RGB")
                ```

                or make the set with `--background white`.

                """
        }
        text += "\n## Loading\n\n```python\n\(loadingExample)```\n"
        return text
    }

    private var layoutDescription: String {
        let image =
            options.imageLayout == .pair
            ? "one \(CanvasRecord(pair: PairCanvas(side: options.size, labels: options.drawsLabels), background: options.background).width)x\(PairCanvas(side: options.size, labels: options.drawsLabels).height) image per turn, A on the left and B on the right, each in a \(options.size)-pixel square"
            : "two \(options.size)x\(options.size) images per turn, one per shape"
        switch options.packFormat {
        case .tar:
            return "WebDataset tar shards: " + image
                + "; each turn is the members `NNNNNN.*` of one shard, with its answer key as `NNNNNN.json`."
        case .folder:
            return "Image folders: " + image + "; each split folder has the `metadata.jsonl` that `imagefolder` reads."
        }
    }

    private var loadingExample: String {
        let first = splitNames[0]
        switch options.packFormat {
        case .tar:
            let pattern = dataFiles(split: options.split == nil ? nil : first).first ?? ""
            let images = options.imageLayout == .pair ? "sample[\"png\"]" : "sample[\"a.png\"], sample[\"b.png\"]"
            return """
                from datasets import load_dataset
                sets = load_dataset("path/to/this/set")   # the configs above: splits and shards
                print(sets["\(first)"][0]["json"]["larger"])

                import glob, webdataset as wds
                shards = sorted(glob.glob("path/to/this/set/\(pattern)"))
                for sample in wds.WebDataset(shards, shardshuffle=False).decode("pilrgba"):
                    print(sample["__key__"], sample["json"]["larger"], \(images))

                """
        case .folder:
            let columns = options.imageLayout == .pair ? "row[\"image\"]" : "row[\"a\"], row[\"b\"]"
            return """
                from datasets import load_dataset
                sets = load_dataset("path/to/this/set")   # the configs above; or load_dataset("imagefolder", data_dir=...)
                row = sets["\(first)"][0]
                print(row["larger"], row["area_ratio"], \(columns))

                """
        }
    }

    /// Every option that shapes the set's bytes, as a command line a POSIX shell runs as it is
    /// (words quoted where a shell would split or read them), writing the set to `./turns`. A set
    /// made with `--exclude` names the excluded set only by its answers' checksum, so its line
    /// holds `--exclude SET` for the reader to fill in.
    package var commandLine: String {
        var words = ["shapeturns", "generate", "--turns", String(options.turns), "--seed", String(options.seed)]
        if let seedOffset = options.seedOffset {
            words += ["--seed-offset", String(seedOffset)]
        }
        words += ["--size", String(options.size), "--format", options.formats.map(\.rawValue).joined(separator: ",")]
        words += [
            "--strategy", options.strategy.rawValue, "--shapes", options.shapes.map(\.rawValue).joined(separator: ","),
        ]
        if let difficulty = options.difficulty {
            words += ["--difficulty", difficulty.rawValue]
        }
        if options.ratioRange == nil, options.minimumRatio != GenerateOptions().minimumRatio {
            words += ["--min-ratio", String(options.minimumRatio)]
        }
        if let ratioRange = options.ratioRange {
            words += ["--ratio-range", "\(ratioRange.lowerBound),\(ratioRange.upperBound)"]
        }
        if let balance = options.balance {
            words += ["--balance", balance.map(\.rawValue).joined(separator: ",")]
        }
        if let distribution = options.ratioDistribution {
            words += ["--ratio-distribution", distribution.rawValue]
        }
        words += styleWords
        if let layout = options.layout {
            words += ["--layout", layout.rawValue]
        }
        if options.drawsLabels {
            words.append("--labels")
        }
        if let pack = options.pack {
            words += ["--pack", pack.rawValue]
        }
        if let shardTurns = options.shardTurns {
            words += ["--shard-turns", String(shardTurns)]
        }
        if let split = options.split {
            words += ["--split", split.parts.map { "\($0.name)=\($0.fraction)" }.joined(separator: ",")]
        }
        if options.turnJSON == false {
            words += ["--turn-json", "false"]
        }
        if let placement = options.placement {
            words += ["--placement", placement.rawValue]
        }
        if let rotation = options.rotation {
            words += ["--rotation", rotation.rawValue]
        }
        if let palette = options.palette {
            words += ["--palette", palette.name ?? palette.colors.map(\.hexString).joined(separator: ",")]
        }
        if options.proportions != GenerateOptions().proportions {
            words += [
                "--min-proportion", String(options.proportions.minimum), "--max-proportion",
                String(options.proportions.maximum),
            ]
        }
        if options.pngEncoding != GenerateOptions().pngEncoding {
            words += ["--png-compression", options.pngEncoding.rawValue]
        }
        if options.exclude != nil {
            words += ["--exclude", "SET"]
        }
        return words.map(Self.shellQuoted).joined(separator: " ")
    }

    /// Fill, outline, line width and background, always written out (a line width left to its
    /// default follows the size, so the number is what reproduces it).
    private var styleWords: [String] {
        var words = ["--fill", options.style.fillColor.hexString, "--outline", options.style.outlineColor.hexString]
        words += ["--line-width", String(options.style.lineWidth)]
        if !options.style.showFill {
            words.append("--no-fill")
        }
        if !options.style.showOutline {
            words.append("--no-outline")
        }
        return words + ["--background", options.background.description]
    }

    private static let plainShellCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,=:+-@%".unicodeScalars)

    /// `word` as a POSIX shell reads it back: as it is when it holds only characters no shell
    /// treats specially, else in single quotes (a quote inside as '\'').
    package static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { Self.plainShellCharacters.contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
