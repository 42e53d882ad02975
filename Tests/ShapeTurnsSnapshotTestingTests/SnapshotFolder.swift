import Foundation

/// A fresh folder for reference snapshots, removed when the test ends.
final class SnapshotFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "shapeturns-snapshots-\(UUID().uuidString)")
    var path: String { url.path }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ testName: String, _ name: String) -> URL {
        url.appendingPathComponent("\(testName).\(name).png")
    }
}
