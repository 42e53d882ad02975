import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ component: String) -> String {
        url.appendingPathComponent(component).path
    }

    /// Every file below `folder`, by path relative to it, with its bytes.
    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return files
        }
        for case let file as URL in walker
        where (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let relative = String(file.standardizedFileURL.path.dropFirst(base.count + 1))
            files[relative] = try Data(contentsOf: file)
        }
        return files
    }
}
