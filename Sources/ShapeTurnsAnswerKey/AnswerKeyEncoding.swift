import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The one JSON style of every file ShapeTurns writes: keys sorted, slashes unescaped, so the
/// bytes depend only on the values.
package enum AnswerKeyEncoding {
    /// A pretty-printed document ending in a newline (per-turn keys, the manifest).
    package static func document(_ value: some Encodable) throws(ShapeTurnsError) -> [UInt8] {
        try encode(value, pretty: true) + [UInt8(ascii: "\n")]
    }

    /// One compact line ending in a newline (`answers.jsonl`).
    package static func line(_ value: some Encodable) throws(ShapeTurnsError) -> [UInt8] {
        try encode(value, pretty: false) + [UInt8(ascii: "\n")]
    }

    /// A turn's key as `document(_:)` encodes it, written directly (`JSONKeyWriter`): the same
    /// bytes at a fraction of the cost, for the two keys every turn of a set writes.
    package static func document(turn answer: TurnAnswer) -> [UInt8] {
        written(answer, pretty: true)
    }

    /// A turn's `answers.jsonl` line as `line(_:)` encodes it, written directly.
    package static func line(turn answer: TurnAnswer) -> [UInt8] {
        written(answer, pretty: false)
    }

    private static func written(_ answer: TurnAnswer, pretty: Bool) -> [UInt8] {
        var writer = JSONKeyWriter(pretty: pretty)
        answer.writeJSON(to: &writer)
        writer.finishLine()
        return writer.bytes
    }

    private static func encode(_ value: some Encodable, pretty: Bool) throws(ShapeTurnsError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw .rendering("cannot encode JSON: \(error)")
        }
    }
}
