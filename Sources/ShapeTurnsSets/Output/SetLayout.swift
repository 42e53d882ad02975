import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Where each file of a set lives, relative to the set folder.
///
/// Turns are bucketed by thousands (`turns/000/000001-a.png`, `turns/001/001000.json`) so no
/// folder ever holds more than 3,000-odd files, however large the set. A turn's number has
/// 6 digits, or as many as the set's turn count has when that is more (7 for 1,000,000 to
/// 9,999,999 turns, 8 for 10,000,000), and its bucket 3 digits fewer; every name in a set
/// has the same width, so names sort in turn order at every allowed size, and sets below
/// 1,000,000 turns keep the names they always had.
package enum SetLayout {
    package static let manifestFile = "manifest.json"
    package static let answersFile = "answers.jsonl"
    package static let turnsFolder = "turns"
    /// Shard bookkeeping inside a set being rendered in parts; `merge` removes it.
    package static let shardsFolder = "shards"
    /// What a run (or its shards) was started with, checked by `--resume` and by every shard.
    package static let runRecordFile = ".shapeturns-run.json"
    /// The size and CRC-32 of each finished turn's files, recorded as they are written, so that
    /// `--resume` and `merge` can verify what they keep; removed when the set is complete.
    package static let journalFile = ".shapeturns-journal"
    /// One row per turn, for spreadsheets and pandas.
    package static let labelsFile = "labels.csv"
    /// The Hugging Face `imagefolder` index of a split folder.
    package static let metadataFile = "metadata.jsonl"
    /// The dataset card, with the YAML header Hugging Face `datasets` reads.
    package static let cardFile = "README.md"

    /// The folder of `split` relative to the set folder, with a trailing slash; empty without splits.
    package static func prefix(ofSplit split: String?) -> String {
        split.map { "\($0)/" } ?? ""
    }

    /// The game-screen image of a turn in the pair layout.
    package static func pairImageFile(ofTurn number: Int, turnCount: Int, format: ImageFormat) -> String {
        "\(bucket(ofTurn: number, turnCount: turnCount))/\(stem(ofTurn: number, turnCount: turnCount)).\(format.fileExtension)"
    }

    /// The WebDataset key of a turn: its number with as many digits as its file names have
    /// (`000042` below a million turns), so keys sort in turn order.
    package static func sampleKey(ofTurn number: Int, turnCount: Int) -> String {
        stem(ofTurn: number, turnCount: turnCount)
    }

    /// A tar shard of the set, or of one split: `shards/turns-000000.tar`, `train/turns-000000.tar`.
    package static func tarShardFile(index: Int, split: String?) -> String {
        "\(split.map { "\($0)/" } ?? "\(shardsFolder)/")turns-\(zeroPadded(index, width: 6)).tar"
    }

    /// The digits of a turn number in the file names of a set of `turnCount` turns: 6, or the
    /// count's own digits when there are more.
    package static func turnDigits(turnCount: Int) -> Int {
        max(6, String(max(turnCount, 0)).count)
    }

    /// The bucket folder of a turn: `turns/000` for turns 1 to 999 of a set below a million turns.
    package static func bucket(ofTurn number: Int, turnCount: Int) -> String {
        "\(turnsFolder)/\(zeroPadded(number / 1000, width: turnDigits(turnCount: turnCount) - 3))"
    }

    /// Every bucket folder holding turns of `turns`.
    package static func buckets(of turns: ClosedRange<Int>, turnCount: Int) -> [String] {
        stride(from: turns.lowerBound / 1000, through: turns.upperBound / 1000, by: 1).map {
            bucket(ofTurn: $0 * 1000, turnCount: turnCount)
        }
    }

    /// The turn's answer key file.
    package static func answerFile(ofTurn number: Int, turnCount: Int) -> String {
        "\(bucket(ofTurn: number, turnCount: turnCount))/\(stem(ofTurn: number, turnCount: turnCount)).json"
    }

    /// The image of one shape of a turn in one format.
    package static func imageFile(ofTurn number: Int, turnCount: Int, label: ShapeLabel, format: ImageFormat) -> String
    {
        "\(bucket(ofTurn: number, turnCount: turnCount))/\(stem(ofTurn: number, turnCount: turnCount))-\(label).\(format.fileExtension)"
    }

    private static func stem(ofTurn number: Int, turnCount: Int) -> String {
        zeroPadded(number, width: turnDigits(turnCount: turnCount))
    }

    /// `value` in decimal, with zeros in front to make at least `width` digits.
    package static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
