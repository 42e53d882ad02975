/// An origin given with `--allow-origin`: `http://` or `https://`, a host, and a port at most,
/// as a browser sends it in `Origin`.
package enum AllowedOrigin {
    /// Whether `text` is such an origin (no path, query, user or wildcard).
    package static func isValid(_ text: String) -> Bool {
        let lowered = normalised(text)
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = lowered.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = lowered.dropFirst(7)
        } else {
            return false
        }
        return !rest.isEmpty && rest.count <= 253
            && rest.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-.:[]".unicodeScalars.contains($0))
            }
    }

    /// `text` lowercased, without a trailing slash: the form `Origin` headers are compared in.
    package static func normalised(_ text: String) -> String {
        var text = text.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
