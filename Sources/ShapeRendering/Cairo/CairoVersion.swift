import CCairo

/// The version of the Cairo library ShapeTurns is running with, for manifests and `--version`.
public enum CairoVersion {
    public static var string: String {
        guard let text = cairo_version_string() else { return "unknown" }
        return String(cString: text)
    }
}
