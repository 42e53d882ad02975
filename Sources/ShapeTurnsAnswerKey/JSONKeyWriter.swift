import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Writes a turn's answer key straight into bytes, in exactly the style of `AnswerKeyEncoding`
/// (Foundation's `JSONEncoder` with sorted keys and unescaped slashes, compact or pretty-printed),
/// without going through `Encodable`: a set writes two keys a turn, and the general encoder cost
/// more than a tenth of a turn's CPU time (see docs/performance.md).
///
/// Callers name each object's keys in sorted order and write numbers as `JSONEncoder` does;
/// `JSONKeyWriterTests` checks the bytes against `JSONEncoder`'s for every kind of set.
package struct JSONKeyWriter {
    package private(set) var bytes: [UInt8] = []
    private let pretty: Bool
    private var depth = 0
    /// Whether the container being written has no element yet.
    private var empty = true

    package init(pretty: Bool, capacity: Int = 1024) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// Writes an object whose members `body` writes with `key(_:)` then a value, keys in sorted order.
    package mutating func object(_ body: (inout JSONKeyWriter) -> Void) {
        container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    /// Writes an array whose elements `body` writes, each with `element()` then a value.
    package mutating func array(_ body: (inout JSONKeyWriter) -> Void) {
        container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    /// Starts the next member of an object: `"name" : ` (pretty) or `"name":`.
    package mutating func key(_ name: String) {
        element()
        string(name)
        if pretty {
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// Starts the next element of an array (or member of an object).
    package mutating func element() {
        if !empty {
            bytes.append(UInt8(ascii: ","))
        }
        empty = false
        newline()
    }

    /// Writes the member `name` when `value` is not `nil` (absent otherwise, as `Encodable` leaves it).
    package mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    package mutating func member(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    package mutating func member(_ name: String, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    package mutating func member(_ name: String, _ value: Bool?) {
        guard let value else { return }
        key(name)
        boolean(value)
    }

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    package mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A finite number as `JSONEncoder` writes it: Swift's shortest form, without a trailing `.0`.
    package mutating func number(_ value: Double) {
        let text = value.description
        let digits = text.utf8
        if digits.count > 2, text.hasSuffix(".0") {
            bytes.append(contentsOf: digits.dropLast(2))
        } else {
            bytes.append(contentsOf: digits)
        }
    }

    package mutating func boolean(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Ends the document with a newline, as `AnswerKeyEncoding` does.
    package mutating func finishLine() {
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONKeyWriter) -> Void) {
        bytes.append(open)
        let outer = empty
        empty = true
        depth += 1
        body(&self)
        depth -= 1
        if empty, pretty {
            // JSONEncoder leaves an empty line inside an empty pretty-printed container.
            bytes.append(UInt8(ascii: "\n"))
        }
        newline()
        bytes.append(close)
        empty = outer
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}
