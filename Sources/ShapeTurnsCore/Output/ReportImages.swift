import Foundation

/// The images a folder report shows, copied beside its `index.html` so the folder works offline
/// and as a CI artifact: `images/expected/PATH`, `images/actual/PATH` and `images/diff/PATH`
/// (pixelmatch's diff), where PATH is the image's path relative to the compared folders.
package struct ReportImages: Sendable {
    /// Which copy of an image.
    package enum Role: String, CaseIterable {
        case expected, actual, diff
    }

    /// The report's staging folder, which the copies are written into.
    package let files: StagingFileWriter

    /// The path, relative to the report's folder, of `path`'s copy in `role`.
    package static func relativePath(_ role: Role, _ path: String) -> String {
        "images/\(role.rawValue)/\(path)"
    }

    /// Writes one copy, creating the folders above it; it is flushed with the whole report.
    package func write(_ bytes: [UInt8], role: Role, path: String) throws(ShapeTurnsError) {
        try files.write(bytes, to: Self.relativePath(role, path))
    }
}
