/// A name's bytes split into what UTF-8 decodes and the bytes it does not (a Latin-1 `\xff`, a
/// cut sequence, an overlong form), in order: what `DisplayName` and `EscapedBytes` each word
/// their own way.
package enum UTF8Runs {
    /// One piece of the bytes.
    package enum Run {
        /// One UTF-8 sequence, decoded.
        case text(String)
        /// A byte that starts no UTF-8 sequence there.
        case byte(UInt8)
    }

    /// Calls `body` with each piece of `bytes`, in order.
    package static func forEach(in bytes: [UInt8], _ body: (Run) -> Void) {
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes[index])
            if length > 0, index + length <= bytes.count,
                let character = String(validating: bytes[index..<index + length], as: UTF8.self)
            {
                body(.text(character))
                index += length
            } else {
                body(.byte(bytes[index]))
                index += 1
            }
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
}
