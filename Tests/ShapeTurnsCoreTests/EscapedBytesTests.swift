import Foundation
import Testing

@testable import ShapeTurnsCore

/// A name's bytes survive a `String`: each byte that is not UTF-8 goes in as one escaping
/// scalar and comes out as that byte, and prints as `\xHH`.
@Suite struct EscapedBytesTests {
    @Test(arguments: [
        [UInt8](),
        Array("Øvergaard 王小明.png".utf8),
        [0x70, 0xFF, 0xFE, 0x2E, 0x70, 0x6E, 0x67],
        [0x63, 0x61, 0x66, 0xE9],
        [0xC3],
        [0xED, 0xA0, 0x80],
        [0xC0, 0xAF],
        [0xF4, 0x90, 0x80, 0x80],
        [0xE2, 0x82],
        [0xC3, 0xA9, 0x80, 0xC3, 0x28],
    ])
    func bytesComeBackAsTheyWent(bytes: [UInt8]) throws {
        let text = try #require(EscapedBytes.string(bytes))
        #expect(EscapedBytes.bytes(text) == bytes)
        #expect(EscapedBytes.holdsBytes(text) == (String(validating: bytes, as: UTF8.self) == nil))
        #expect(EscapedBytes.cString(text) == bytes.map { CChar(bitPattern: $0) } + [0])
        #expect(DisplayName.escaped(text) == DisplayName.escaped(bytes))
    }

    /// Every byte string of up to three bytes, of the bytes that matter to UTF-8's rules.
    @Test func everyShortByteStringComesBack() throws {
        let alphabet: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xA9, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
        var strings: [[UInt8]] = [[]]
        for _ in 0..<3 {
            strings =
                strings
                + strings.filter { $0.count == strings.last?.count }.flatMap { prefix in
                    alphabet.map { prefix + [$0] }
                }
        }
        for bytes in strings {
            let text = try #require(EscapedBytes.string(bytes), "\(bytes)")
            #expect(EscapedBytes.bytes(text) == bytes, "\(bytes)")
        }
    }

    /// Bytes whose UTF-8 holds an escaping scalar could not be told back: refused, not taken.
    @Test func aNameHoldingAnEscapingScalarIsRefused() {
        #expect(EscapedBytes.string(Array("a\u{10FFAB}.png".utf8)) == nil)
        #expect(EscapedBytes.string(Array("a\u{10FF7F}.png".utf8)) != nil)
    }

    /// A name whose UTF-8 holds an escaping character is shown as that character, never as the
    /// byte it would stand for.
    @Test func anEscapingCharacterInANameIsShownAsACharacter() {
        #expect(DisplayName.escaped(Array("x\u{10FF80}.png".utf8)) == "x\\u{10ff80}.png")
        #expect(DisplayName.escaped([0x78, 0x80]) == "x\\x80")
    }

    @Test func aMessageShowsTheBytesAsHex() throws {
        let text = try #require(EscapedBytes.string([0x67, 0xFF, 0x2E, 0x63, 0x73, 0x76]))
        #expect(EscapedBytes.shown("The value '\(text)' is invalid") == "The value 'g\\xff.csv' is invalid")
        #expect(EscapedBytes.shown("王小明 \\ plain") == "王小明 \\ plain")
    }
}
