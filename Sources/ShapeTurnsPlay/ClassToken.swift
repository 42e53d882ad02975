/// The teacher's token for `/class`: made unguessable (128 bits, as a session id is), or given
/// with `--class-token`, then only URL-safe characters, so it can be typed in an address.
package enum ClassToken {
    /// How long a given token may be, in characters.
    package static let lengthRange = 16...128

    /// A new token of 32 hex digits from the system's cryptographic generator.
    package static func make() -> String {
        SessionID.make()
    }

    /// Whether `text` may be a token: 16 to 128 letters, digits, `-` or `_`.
    package static func isValid(_ text: String) -> Bool {
        lengthRange.contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
                    || byte == 95
            }
    }

    /// Whether `given` is `token`, in time that does not depend on where they differ.
    static func same(_ given: String, _ token: String) -> Bool {
        let one = Array(given.utf8)
        let other = Array(token.utf8)
        guard one.count == other.count else { return false }
        return zip(one, other).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether `host` is a loopback address, where `play` needs no token unless given one.
    package static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
