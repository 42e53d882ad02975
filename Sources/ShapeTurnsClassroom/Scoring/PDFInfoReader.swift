import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Reads one entry of a PDF's document information (`/Keywords (…)` or `/Keywords <FEFF…>`)
/// from the file's bytes, as Cairo writes it: the information dictionary is an uncompressed
/// object, its strings literal (with `\` escapes) or, when they hold characters beyond ASCII,
/// UTF-16BE in hex. The last occurrence wins, as in an updated PDF.
package enum PDFInfoReader {
    package static func isPDF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("%PDF-".utf8))
    }

    /// The text of entry `name` (without its slash), or `nil` when the file has none.
    package static func entry(_ name: String, in bytes: [UInt8]) -> String? {
        let marker = Array("/\(name)".utf8)
        guard let start = lastRange(of: marker, in: bytes) else { return nil }
        var index = start + marker.count
        while index < bytes.count,
            bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
                || bytes[index] == UInt8(ascii: "\r")
        {
            index += 1
        }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "("): return literal(bytes, from: index + 1)
        case UInt8(ascii: "<"): return hex(bytes, from: index + 1)
        default: return nil
        }
    }

    private static func lastRange(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        var index = bytes.count - marker.count
        while index >= 0 {
            if bytes[index] == marker[0], Array(bytes[index..<index + marker.count]) == marker {
                let after = index + marker.count
                if after >= bytes.count || !isNameCharacter(bytes[after]) { return index }
            }
            index -= 1
        }
        return nil
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// A literal string after its `(`: balanced parentheses, `\n \r \t \b \f \( \) \\`, octal
    /// `\ddd`, and a backslash before a line break continuing the line.
    private static func literal(_ bytes: [UInt8], from start: Int) -> String? {
        var result: [UInt8] = []
        var depth = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let next = bytes[index]
                index += 1
                switch next {
                case UInt8(ascii: "n"): result.append(10)
                case UInt8(ascii: "r"): result.append(13)
                case UInt8(ascii: "t"): result.append(9)
                case UInt8(ascii: "b"): result.append(8)
                case UInt8(ascii: "f"): result.append(12)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(next - UInt8(ascii: "0"))
                    for _ in 0..<2
                    where index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                        value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
                        index += 1
                    }
                    result.append(UInt8(truncatingIfNeeded: value))
                case 10: break
                case 13:
                    if index < bytes.count, bytes[index] == 10 { index += 1 }
                default: result.append(next)
                }
            case UInt8(ascii: "("):
                depth += 1
                result.append(byte)
            case UInt8(ascii: ")"):
                if depth == 0 { return decode(result) }
                depth -= 1
                result.append(byte)
            default:
                result.append(byte)
            }
        }
        return nil
    }

    private static func hex(_ bytes: [UInt8], from start: Int) -> String? {
        var result: [UInt8] = []
        var high: UInt8?
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            index += 1
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: continue
            }
            if let first = high {
                result.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        guard index < bytes.count else { return nil }
        if let first = high { result.append(first << 4) }
        return decode(result)
    }

    /// UTF-16BE after a byte-order mark, else the bytes as UTF-8 (ASCII, as Cairo writes them).
    private static func decode(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF else {
            return String(validating: bytes, as: UTF8.self)
        }
        var units: [UInt16] = []
        var index = 2
        while index + 1 < bytes.count {
            units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
