import Foundation

/// Where the comparison fixtures are, found from this file's path so tests run from any folder.
enum FixturePaths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Image pairs with the counts pixelmatch gives for them (scripts/make-compare-fixtures).
    static let compare = packageRoot.appendingPathComponent("Fixtures/Compare")
    /// pixelmatch's own test images and cases (Fixtures/Pixelmatch/README.md).
    static let pixelmatch = packageRoot.appendingPathComponent("Fixtures/Pixelmatch")
}
