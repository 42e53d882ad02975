import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// The turns of another set that a new set must not repeat (`generate --exclude SET`): each
/// turn's two shapes as its `answers.jsonl` records them (kind, proportion, rotation, fill and
/// outline colour), in either order, so a turn with the same shapes swapped is the same turn.
///
/// Read a line at a time, at most `lineLimit` bytes a line and `GenerateOptions.turnLimit`
/// lines; it holds one small key per turn of the set (about 200 bytes each).
package struct ExcludedTurns: Sendable {
    /// What a manifest records of the excluded set: the size and CRC-32 of its answer lines, so
    /// `--resume`, every shard and a reader can tell which set was left out.
    package struct Record: Sendable, Equatable, Codable {
        /// `SIZE:CRC32` of the set's `answers.jsonl` lines, each with its newline.
        package var answers: String

        package init(answers: String) {
            self.answers = answers
        }
    }

    /// One shape as a key records it.
    package struct ShapeKey: Hashable, Sendable, Comparable {
        let kind: String
        let proportion: Double
        let rotation: Double?
        let fill: String?
        let outline: String?

        init(_ shape: ShapeAnswer) {
            kind = shape.kind.rawValue
            proportion = shape.proportion
            rotation = shape.rotation
            fill = shape.style.fill
            outline = shape.style.outline
        }

        package static func < (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
            (lhs.kind, lhs.proportion, lhs.rotation ?? -1, lhs.fill ?? "", lhs.outline ?? "")
                < (rhs.kind, rhs.proportion, rhs.rotation ?? -1, rhs.fill ?? "", rhs.outline ?? "")
        }
    }

    /// A turn's two shapes, smaller key first.
    package struct TurnKey: Hashable, Sendable {
        let first: ShapeKey
        let second: ShapeKey

        init?(_ answer: TurnAnswer) {
            guard answer.shapes.count == 2 else { return nil }
            let keys = answer.shapes.map(ShapeKey.init).sorted()
            first = keys[0]
            second = keys[1]
        }
    }

    /// The longest `answers.jsonl` line read: far above any key ShapeTurns writes.
    package static let lineLimit = 64 << 10

    /// The excluded set as the manifest records it.
    package let record: Record
    private let keys: Set<TurnKey>

    /// How many distinct turns are excluded.
    package var count: Int { keys.count }

    /// The turns of the set in `folder` (its `answers.jsonl`). Fails with `missingInput` when
    /// there is none and `badData` naming the line when a line is not an answer key or the file
    /// holds no turns.
    package static func read(setAt folder: URL) throws(ShapeTurnsError) -> ExcludedTurns {
        let path = folder.appendingPathComponent(SetLayout.answersFile).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw .missingInput(
                "\(.exclude, folder.path)",
                because: "no \(SetLayout.answersFile); is it a set made by shapeturns generate?")
        }
        var keys = Set<TurnKey>()
        var checksum = FileChecksum()
        let decoder = JSONDecoder()
        try BoundedFileReader.forEachLine(
            path, limit: GenerateOptions.turnLimit * lineLimit, lineLimit: lineLimit, describedAs: Wording(path)
        ) { line, number throws(ShapeTurnsError) in
            checksum.add(line + [UInt8(ascii: "\n")])
            guard !line.isEmpty else { return }
            guard let answer = try? decoder.decode(TurnAnswer.self, from: Data(line)), let key = TurnKey(answer)
            else {
                throw .badData(location: Wording("\(path) line \(number)"), because: "is not a ShapeTurns answer key")
            }
            keys.insert(key)
        }
        guard !keys.isEmpty else {
            throw .badData(location: Wording(path), because: "holds no turns")
        }
        return ExcludedTurns(record: Record(answers: checksum.text), keys: keys)
    }

    /// Whether `answer`'s two shapes are those of a turn of the excluded set.
    package func contains(_ answer: TurnAnswer) -> Bool {
        TurnKey(answer).map(keys.contains) ?? false
    }
}
