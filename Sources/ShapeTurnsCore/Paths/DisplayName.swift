/// A file name or path as messages and reports print it: bytes that are not UTF-8 as `\xHH`,
/// control characters and line separators escaped (`\n`, `\t`, `\r`, `\x1b`, `\u{85}`), and a
/// backslash doubled, so every image stays on one line, no raw control byte reaches a terminal,
/// and two different names never print alike (a character of U+10FF80...U+10FFFF, which
/// `EscapedBytes` holds bytes in, is written `\u{10ff80}`, never taken for a byte).
package enum DisplayName {
    package static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        UTF8Runs.forEach(in: bytes) { run in
            switch run {
            case .text(let character):
                for scalar in character.unicodeScalars { text += escaped(scalar) }
            case .byte(let byte):
                text += "\\x" + hex(UInt32(byte), digits: 2)
            }
        }
        return text
    }

    /// `text` escaped as `escaped(_:)` escapes a name's bytes, the bytes it holds as
    /// `EscapedBytes` shown as they are.
    package static func escaped(_ text: String) -> String {
        escaped(EscapedBytes.bytes(text))
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: break
        }
        if EscapedBytes.isEscape(scalar) { return "\\u{" + hex(scalar.value, digits: 1) + "}" }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return scalar.value < 0x80
                ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 1) + "}"
        default:
            return String(scalar)
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
