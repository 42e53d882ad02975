import CBuildInfo
import ShapeTurnsCore

/// Which build of ShapeTurns this executable is: the version every manifest records and, for the
/// executables scripts/package builds, the commit they were built from. The three executables of
/// one build share it, and `shapeturns-scan` and `shapeturns-play` refuse to run for a
/// `shapeturns` of another (``ExternalCommand/refuseAnotherVersion(executable:)``).
package enum BuildIdentity {
    /// The commit (`git rev-parse --short HEAD`), or nil for a plain `swift build`, which is not
    /// told it.
    package static let commit: String? = {
        let commit = String(cString: shapeturns_build_commit())
        return commit.isEmpty ? nil : commit
    }()

    /// `0.1.0`, or `0.1.0 (commit 2e433d2)` for a packaged build.
    package static let description =
        commit.map { "\(ShapeTurnsVersion.current) (commit \($0))" }
        ?? ShapeTurnsVersion.current
}
