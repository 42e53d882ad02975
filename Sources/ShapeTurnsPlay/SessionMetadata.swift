import ShapeTurnsClassroom

/// The bounds on what a client may attach to a session and to an answer: free-form metadata
/// (`participant`, `condition`, any `key=value` from the page's address or the API) and the
/// turn's context. Anything beyond them is refused (400), never cut short.
enum SessionMetadata {
    /// The most metadata keys a session may carry.
    static let countLimit = 16
    /// The longest key, in characters: letters, digits, `_`, `-` and `.`.
    static let keyLimit = 40
    /// The longest value, in characters.
    static let valueLimit = 200
    /// The longest text in a turn's context (user agent, timestamps).
    static let contextTextLimit = 512

    /// `metadata` checked; nil for none or an empty object.
    static func checked(_ metadata: [String: String]?) throws(PlayError) -> [String: String]? {
        guard let metadata, !metadata.isEmpty else { return nil }
        guard metadata.count <= countLimit else {
            throw .badRequest("metadata holds at most \(countLimit) keys (got \(metadata.count))")
        }
        for (key, value) in metadata {
            guard isValidKey(key) else {
                throw .badRequest(
                    "metadata keys are 1 to \(keyLimit) letters, digits, _, - or . (not \(String(key.prefix(keyLimit))))"
                )
            }
            guard value.count <= valueLimit, !hasControlCharacters(value) else {
                throw .badRequest(
                    "metadata \(key) must be at most \(valueLimit) characters without control characters")
            }
        }
        return metadata
    }

    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.count <= keyLimit
            && key.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
            }
    }

    /// A turn's context checked: known input kinds, bounded texts, finite positive sizes.
    static func checked(_ context: TrialContext?) throws(PlayError) -> TrialContext? {
        guard var context else { return nil }
        context.recordedAt = nil
        if let input = context.input, !["mouse", "touch", "pen", "key"].contains(input) {
            throw .badRequest("context.input must be mouse, touch, pen or key")
        }
        for text in [context.shownAt, context.answeredAt, context.userAgent].compactMap({ $0 }) {
            guard text.count <= contextTextLimit, !hasControlCharacters(text) else {
                throw .badRequest("context texts are at most \(contextTextLimit) characters without control characters")
            }
        }
        let sizes = [
            context.viewportWidth, context.viewportHeight, context.devicePixelRatio, context.shapeCssPx,
            context.shapeMm, context.pxPerMm,
        ]
        for size in sizes.compactMap({ $0 }) where !(size.isFinite && size > 0 && size <= 100_000) {
            throw .badRequest("context sizes must be numbers above 0 and at most 100000")
        }
        return context
    }

    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
