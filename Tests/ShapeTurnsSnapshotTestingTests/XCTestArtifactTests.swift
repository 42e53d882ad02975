import Foundation
import PixelDiff
import ShapeTurnsSnapshotTesting
import SnapshotTesting
import XCTest

/// Under XCTest, which names no running test, the diff and the report copies are still named
/// after the test and snapshot (from the reference under `Tests/`), not a hash, and a snapshot
/// that passes again clears what its failure left.
final class XCTestArtifactTests: XCTestCase {
    func testTheDiffIsNamedAfterTheTestAndAPassClearsIt() throws {
        let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/XCTestArtifactTests")
        let stem = "testTheDiffIsNamedAfterTheTestAndAPassClearsIt.gradient"
        try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: references) }
        try Data(try StrictSnapshotTests.bar(to: 60).pngBytes()).write(
            to: references.appendingPathComponent(stem + ".png"))

        let message = try XCTUnwrap(
            verifySnapshot(of: try StrictSnapshotTests.bar(to: 61), as: .rgbaImage, named: "gradient", record: .never))
        let root = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory())
        let failed = root.appendingPathComponent("XCTestArtifactTests/\(stem).png")
        let diff = root.appendingPathComponent("XCTestArtifactTests/\(stem).diff.png")
        let copies = ["expected", "actual", "diff"].map {
            root.appendingPathComponent("ShapeTurnsSnapshotTesting/\($0)/XCTestArtifactTests/\(stem).png")
        }
        let left = [failed, diff] + copies
        defer {
            for file in left {
                try? FileManager.default.removeItem(at: file)
            }
        }
        XCTAssertTrue(message.contains("Diff image (differences red, anti-aliasing yellow): \(diff.path)"), message)
        for file in left {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), file.path)
        }

        XCTAssertNil(
            verifySnapshot(of: try StrictSnapshotTests.bar(to: 60), as: .rgbaImage, named: "gradient", record: .never))
        for file in left {
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "stale: \(file.path)")
        }
    }
}
