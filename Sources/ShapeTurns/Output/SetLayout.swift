import ShapeGame
import ShapeRendering

/// Where each file of a set lives, relative to the set folder.
///
/// Turns are bucketed by thousands (`turns/000/000001-a.png`, `turns/001/001000.json`) so no
/// folder ever holds more than 3,000-odd files, however large the set.
package enum SetLayout {
    package static let manifestFile = "manifest.json"
    package static let answersFile = "answers.jsonl"
    package static let turnsFolder = "turns"
    /// Shard bookkeeping inside a set being rendered in parts; `merge` removes it.
    package static let shardsFolder = "shards"
    /// What a run (or its shards) was started with, checked by `--resume` and by every shard.
    static let runRecordFile = ".shapeturns-run.json"
    /// One row per turn, for spreadsheets and pandas.
    public static let labelsFile = "labels.csv"
    /// The Hugging Face `imagefolder` index of a split folder.
    public static let metadataFile = "metadata.jsonl"
    /// The dataset card, with the YAML header Hugging Face `datasets` reads.
    public static let cardFile = "README.md"

    /// The folder of `split` relative to the set folder, with a trailing slash; empty without splits.
    static func prefix(ofSplit split: String?) -> String {
        split.map { "\($0)/" } ?? ""
    }

    /// The game-screen image of a turn in the pair layout.
    public static func pairImageFile(ofTurn number: Int, format: ImageFormat) -> String {
        "\(bucket(ofTurn: number))/\(zeroPadded(number, width: 6)).\(format.fileExtension)"
    }

    /// The WebDataset key of a turn: its number with six digits (`000042`).
    public static func sampleKey(ofTurn number: Int) -> String {
        zeroPadded(number, width: 6)
    }

    /// A tar shard of the set, or of one split: `shards/turns-000000.tar`, `train/turns-000000.tar`.
    public static func tarShardFile(index: Int, split: String?) -> String {
        "\(split.map { "\($0)/" } ?? "\(shardsFolder)/")turns-\(zeroPadded(index, width: 6)).tar"
    }

    /// The bucket folder of a turn: `turns/000` for turns 1 to 999.
    package static func bucket(ofTurn number: Int) -> String {
        "\(turnsFolder)/\(zeroPadded(number / 1000, width: 3))"
    }

    /// Every bucket folder holding turns of `turns`.
    static func buckets(of turns: ClosedRange<Int>) -> [String] {
        stride(from: turns.lowerBound / 1000, through: turns.upperBound / 1000, by: 1).map { bucket(ofTurn: $0 * 1000) }
    }

    /// The turn's answer key file.
    package static func answerFile(ofTurn number: Int) -> String {
        "\(bucket(ofTurn: number))/\(zeroPadded(number, width: 6)).json"
    }

    /// The image of one shape of a turn in one format.
    package static func imageFile(ofTurn number: Int, label: ShapeLabel, format: ImageFormat) -> String {
        "\(bucket(ofTurn: number))/\(zeroPadded(number, width: 6))-\(label).\(format.fileExtension)"
    }

    /// `value` in decimal, with zeros in front to make at least `width` digits.
    static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
