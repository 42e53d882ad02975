/// A file name or path as messages and reports print it: bytes that are not UTF-8 as `\xHH`,
/// control characters and line separators escaped (`\n`, `\t`, `\r`, `\x1b`, `\u{85}`), and a
/// backslash doubled, so every image stays on one line, no raw control byte reaches a terminal,
/// and two different names never print alike.
package enum DisplayName {
    package static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes[index])
            if length > 0, index + length <= bytes.count,
                let character = String(validating: bytes[index..<index + length], as: UTF8.self)
            {
                for scalar in character.unicodeScalars { text += escaped(scalar) }
                index += length
            } else {
                text += "\\x" + hex(UInt32(bytes[index]), digits: 2)
                index += 1
            }
        }
        return text
    }

    /// `text` escaped as `escaped(_:)` escapes a name's bytes.
    package static func escaped(_ text: String) -> String {
        escaped(Array(text.utf8))
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return scalar.value < 0x80
                ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 1) + "}"
        default:
            return String(scalar)
        }
    }

    /// The bytes of the UTF-8 sequence a lead byte starts, or 0 for a byte that starts none.
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
