import Foundation

/// A name's bytes carried in a Swift `String`, which holds only Unicode: each byte that is not
/// part of a UTF-8 sequence (`\xff` in a Latin-1 `page\xff.png`) is held as one scalar of
/// U+10FF80...U+10FFFF, in the last private-use plane, as Python's `surrogateescape` holds it in
/// lone surrogates (which a `String` cannot hold).
///
/// A path in this form goes through the code that passes paths around as strings unchanged, and
/// is turned back into its bytes (`bytes(_:)`) where a file is opened and into `\xff`
/// (`DisplayName`) where it is printed, so a scan named `page\xff\xfe.png` is read under that
/// name, never `page\u{FFFD}\u{FFFD}.png`.
package enum EscapedBytes {
    /// The scalar that holds byte `0x80 + n` is `first + n`.
    private static let first: UInt32 = 0x10FF80

    /// `bytes` as a string, each byte outside a UTF-8 sequence escaped; `nil` when a UTF-8
    /// sequence in them is itself one of the escaping scalars (its bytes could not be told back).
    package static func string(_ bytes: [UInt8]) -> String? {
        var scalars = String.UnicodeScalarView()
        var failed = false
        UTF8Runs.forEach(in: bytes) { run in
            switch run {
            case .text(let text):
                failed = failed || text.unicodeScalars.contains(where: isEscape)
                scalars.append(contentsOf: text.unicodeScalars)
            case .byte(let byte):
                if let scalar = Unicode.Scalar(first + UInt32(byte) - 0x80) { scalars.append(scalar) }
            }
        }
        return failed ? nil : String(scalars)
    }

    /// The bytes `text` holds: its escaped bytes as they were, the rest as UTF-8.
    package static func bytes(_ text: String) -> [UInt8] {
        guard text.unicodeScalars.contains(where: isEscape) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value - first + 0x80))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// `text`'s bytes as a NUL-terminated C string, for the C library's path parameters.
    package static func cString(_ text: String) -> [CChar] {
        PathBytes.cString(bytes(text))
    }

    /// `text`'s bytes copied into a NUL-terminated C string of `strdup`'s (`free` it): an
    /// argument of a process started with `execv` or `posix_spawn`.
    package static func duplicatedCString(_ text: String) -> UnsafeMutablePointer<CChar>? {
        cString(text).withUnsafeBufferPointer { buffer in buffer.baseAddress.flatMap { strdup($0) } }
    }

    /// `text` with each byte it holds written `\\xHH`, the rest as it is: for a message that may
    /// quote such a name (an argument-parsing error), so no private-use glyph reaches a terminal.
    package static func shown(_ text: String) -> String {
        guard holdsBytes(text) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isEscape(scalar) {
                let byte = String(scalar.value - first + 0x80, radix: 16)
                shown += "\\x" + byte
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether `text` holds a byte that is not UTF-8.
    package static func holdsBytes(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isEscape)
    }

    /// Whether `scalar` is one of those that hold a byte.
    package static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= first && scalar.value <= first + 0x7F
    }
}
