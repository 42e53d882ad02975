import Foundation

/// The images a folder report shows, copied beside its `index.html` so the folder works offline
/// and as a CI artifact: `images/expected/PATH`, `images/actual/PATH` and `images/diff/PATH`
/// (pixelmatch's diff), where PATH is the image's path relative to the compared folders.
struct ReportImages: Sendable {
    /// Which copy of an image.
    enum Role: String, CaseIterable {
        case expected, actual, diff
    }

    /// The folder holding `expected/`, `actual/` and `diff/`.
    let root: String

    /// The path, relative to the report's folder, of `path`'s copy in `role`.
    static func relativePath(_ role: Role, _ path: String) -> String {
        "images/\(role.rawValue)/\(path)"
    }

    /// Writes one copy atomically, creating the folders above it.
    func write(_ bytes: [UInt8], role: Role, path: String) throws(ShapeTurnsError) {
        let target = URL(fileURLWithPath: root).appendingPathComponent(role.rawValue).appendingPathComponent(path)
        let parent = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            // Another job may have made it in the meantime.
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw .cannotCreateFile(path: target.path, reason: error.localizedDescription)
            }
        }
        try AtomicFileWriter.write(bytes, to: target.path)
    }
}
