import ShapeGame
import ShapeRendering

/// Where each file of a set lives, relative to the set folder.
///
/// Turns are bucketed by thousands (`turns/000/000001-a.png`, `turns/001/001000.json`) so no
/// folder ever holds more than 3,000-odd files, however large the set.
public enum SetLayout {
    public static let manifestFile = "manifest.json"
    public static let answersFile = "answers.jsonl"
    public static let turnsFolder = "turns"
    /// Shard bookkeeping inside a set being rendered in parts; `merge` removes it.
    public static let shardsFolder = "shards"
    /// What a run (or its shards) was started with, checked by `--resume` and by every shard.
    static let runRecordFile = ".shapeturns-run.json"
    /// The size and CRC-32 of each finished turn's files, recorded as they are written, so that
    /// `--resume` and `merge` can verify what they keep; removed when the set is complete.
    static let journalFile = ".shapeturns-journal"

    /// The bucket folder of a turn: `turns/000` for turns 1 to 999.
    public static func bucket(ofTurn number: Int) -> String {
        "\(turnsFolder)/\(zeroPadded(number / 1000, width: 3))"
    }

    /// Every bucket folder holding turns of `turns`.
    static func buckets(of turns: ClosedRange<Int>) -> [String] {
        stride(from: turns.lowerBound / 1000, through: turns.upperBound / 1000, by: 1).map { bucket(ofTurn: $0 * 1000) }
    }

    /// The turn's answer key file.
    public static func answerFile(ofTurn number: Int) -> String {
        "\(bucket(ofTurn: number))/\(zeroPadded(number, width: 6)).json"
    }

    /// The image of one shape of a turn in one format.
    public static func imageFile(ofTurn number: Int, label: ShapeLabel, format: ImageFormat) -> String {
        "\(bucket(ofTurn: number))/\(zeroPadded(number, width: 6))-\(label).\(format.fileExtension)"
    }

    /// `value` in decimal, with zeros in front to make at least `width` digits.
    static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
