/// Unguessable session ids: 128 bits from the system's cryptographic generator, as 32 hex digits.
enum SessionID {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next()
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Whether `text` has the form of an id (anything else is refused before any lookup).
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
