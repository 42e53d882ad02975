import Foundation

/// Where the diff image of a failed snapshot is written: beside the failed image that
/// swift-snapshot-testing (1.19) writes, and named after the same test.
///
/// swift-snapshot-testing writes the failed image to `ARTIFACTS/FILE/TEST.NAME.png`, where
/// ARTIFACTS is `$SNAPSHOT_ARTIFACTS` or the temporary folder, FILE the test file's name without
/// its extension, TEST the test function's name with every run of non-word characters made
/// one `-`, and NAME the snapshot's name or its number within the test. A diffing closure is not
/// told those, so under Swift Testing they are found from the running test (`Test.current`) and
/// the reference it was given: the reference file in `__Snapshots__/FILE/` beside the test file
/// that holds exactly those bytes names the snapshot. The diff is then `TEST.NAME.diff.png` beside
/// `TEST.NAME.png`.
///
/// Where that cannot be found out (XCTest, a `snapshotDirectory` or `testName` of one's own),
/// the diff goes to `ARTIFACTS/FILE/TEST.diff-HASH.png` when the test is known, else to
/// `ARTIFACTS/ShapeTurnsSnapshotTesting/diff-HASH.png`; HASH depends only on the two images, so
/// a re-run replaces its own diff.
///
/// The reference, the failed snapshot and the diff are also copied, under one relative path
/// (`FILE/TEST.NAME.png`; `FILE/TEST-HASH.png` when the reference is not found, HASH
/// from the reference alone; `snapshot-HASH.png` when the test is not known),
/// into `ARTIFACTS/ShapeTurnsSnapshotTesting/expected`, `actual` and `diff`: two folders that
/// `shapeturns compare EXPECTED ACTUAL --report DIR` turns into a report of the failed run.
struct DiffArtifact {
    let folder: URL
    let name: String
    /// `$SNAPSHOT_ARTIFACTS`, or the temporary folder.
    let root: URL
    /// The snapshot's path in the report folders.
    let reportPath: String

    var url: URL { folder.appendingPathComponent(name) }

    /// The place for the diff of `actual` against `reference` in the test running now.
    static func locate(
        reference: Data, actual: Data, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DiffArtifact {
        let root = URL(fileURLWithPath: environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(), isDirectory: true)
        let hash = fingerprint(reference, actual)
        guard let test = RunningTest.current else {
            return DiffArtifact(
                folder: root.appendingPathComponent("ShapeTurnsSnapshotTesting"), name: "diff-\(hash).png",
                root: root, reportPath: "snapshot-\(hash).png"
            )
        }
        let fileName = URL(fileURLWithPath: test.filePath).deletingPathExtension().lastPathComponent
        let folder = root.appendingPathComponent(fileName)
        let testName = sanitizePathComponent(test.name)
        let references = URL(fileURLWithPath: test.filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
        if let stem = matchingReference(in: references, testName: testName, bytes: reference) {
            return DiffArtifact(
                folder: folder, name: "\(stem).diff.png", root: root, reportPath: "\(fileName)/\(stem).png")
        }
        // Named by the reference alone, so a test that fails again replaces its own copies.
        let referenceHash = fingerprint(reference, Data()).prefix(8)
        return DiffArtifact(
            folder: folder, name: "\(testName).diff-\(hash).png", root: root,
            reportPath: "\(fileName)/\(testName)-\(referenceHash).png"
        )
    }

    /// The name without its extension of the file `TEST.*` in `folder` holding `bytes`.
    private static func matchingReference(in folder: URL, testName: String, bytes: Data) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        for name in names.sorted() where name.hasPrefix(testName + ".") {
            let file = folder.appendingPathComponent(name)
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            if size == bytes.count, (try? Data(contentsOf: file)) == bytes {
                return URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
            }
        }
        return nil
    }

    /// swift-snapshot-testing's own rule for a test's name in a file name.
    static func sanitizePathComponent(_ string: String) -> String {
        string
            .replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// A 64-bit FNV-1a hash of both images, in hex.
    private static func fingerprint(_ first: Data, _ second: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in first + [0xFF] + second {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Writes `diff` here, and the three images into the report folders, creating folders.
    func write(diff: Data, reference: Data, actual: Data) throws {
        // Outside the output policy, which is ShapeTurns' and not this library's: a failing
        // test's own artifacts, in the folder the test run gives them.
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true) // outside the policy: test artifact
        try diff.write(to: url, options: .atomic) // outside the policy: test artifact
        let reports = root.appendingPathComponent("ShapeTurnsSnapshotTesting")
        for (role, bytes) in [("expected", reference), ("actual", actual), ("diff", diff)] {
            let file = reports.appendingPathComponent(role).appendingPathComponent(reportPath)
            let parent = file.deletingLastPathComponent()
            try files.createDirectory(at: parent, withIntermediateDirectories: true) // outside the policy: artifact
            try bytes.write(to: file, options: .atomic) // outside the policy: test artifact
        }
    }
}
