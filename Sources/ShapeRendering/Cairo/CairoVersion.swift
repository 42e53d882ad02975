import CCairo

/// The version of the Cairo library ShapeTurns is running with, for manifests and `--version`.
package enum CairoVersion {
    /// The version of the Cairo library in use, such as `1.16.0`; every manifest records it.
    package static var string: String {
        guard let text = cairo_version_string() else { return "unknown" }
        return String(cString: text)
    }
}
