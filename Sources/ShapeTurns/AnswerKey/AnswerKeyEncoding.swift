import Foundation

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
