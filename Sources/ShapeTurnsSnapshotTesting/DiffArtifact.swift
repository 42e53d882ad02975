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
/// Under XCTest, which tells no one the running test, the reference is found by its bytes in the
/// `__Snapshots__/FILE/` folders under the package's `Tests/` (where `swift test` runs), and its
/// name `TEST.NAME` names the diff the same way.
///
/// Where that cannot be found out either (a `snapshotDirectory` of one's own), the diff goes
/// to `ARTIFACTS/FILE/TEST.diff-HASH.png` when the test is known, else to
/// `ARTIFACTS/ShapeTurnsSnapshotTesting/diff-HASH.png`; HASH depends only on the two images, so
/// a re-run replaces its own diff.
///
/// A snapshot that passes clears what an earlier failure of it left (`clearStale`): the diff,
/// swift-snapshot-testing's failed image and the three copies, so the folders hold only the
/// failures of the last run.
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
    /// The failed image swift-snapshot-testing writes beside the diff, when the snapshot's name is known.
    var failedImage: URL?

    var url: URL { folder.appendingPathComponent(name) }

    /// The place for the diff of `actual` against `reference` in the test running now.
    static func locate(
        reference: Data, actual: Data, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DiffArtifact {
        let root = artifactsRoot(environment)
        if let named = named(reference: reference, root: root) {
            return named
        }
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
        // Named by the reference alone, so a test that fails again replaces its own copies.
        let referenceHash = fingerprint(reference, Data()).prefix(8)
        return DiffArtifact(
            folder: folder, name: "\(testName).diff-\(hash).png", root: root,
            reportPath: "\(fileName)/\(testName)-\(referenceHash).png"
        )
    }

    /// Removes what an earlier failure of the snapshot whose reference is `reference` left: its
    /// diff, swift-snapshot-testing's failed image and the report copies. Only snapshots whose
    /// name is found (see `locate`), and only when a failure ever wrote the report folders.
    static func clearStale(reference: Data, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let root = artifactsRoot(environment)
        let reports = root.appendingPathComponent("ShapeTurnsSnapshotTesting")
        guard FileManager.default.fileExists(atPath: reports.path),
            let artifact = named(reference: reference, root: root)
        else { return }
        var stale = [artifact.url] + (artifact.failedImage.map { [$0] } ?? [])
        for role in ["expected", "actual", "diff"] {
            stale.append(reports.appendingPathComponent(role).appendingPathComponent(artifact.reportPath))
        }
        for file in stale {
            try? FileManager.default.removeItem(at: file) // outside the policy: a stale test artifact
        }
    }

    private static func artifactsRoot(_ environment: [String: String]) -> URL {
        URL(fileURLWithPath: environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(), isDirectory: true)
    }

    /// The artifact named after the snapshot whose reference holds `reference`: found beside the
    /// running Swift Testing test; under XCTest (no running test known), among the references
    /// under `Tests/`. A Swift Testing test is never matched with another test's reference of the
    /// same bytes.
    private static func named(reference: Data, root: URL) -> DiffArtifact? {
        let found: (fileName: String, stem: String)?
        if let test = RunningTest.current {
            let fileName = URL(fileURLWithPath: test.filePath).deletingPathExtension().lastPathComponent
            let references = URL(fileURLWithPath: test.filePath).deletingLastPathComponent()
                .appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
            let prefix = sanitizePathComponent(test.name) + "."
            found = matchingReference(in: references, prefix: prefix, bytes: reference).map { (fileName, $0) }
        } else {
            found = referenceUnderTests(bytes: reference)
        }
        guard let (fileName, stem) = found else { return nil }
        let folder = root.appendingPathComponent(fileName)
        return DiffArtifact(
            folder: folder, name: "\(stem).diff.png", root: root, reportPath: "\(fileName)/\(stem).png",
            failedImage: folder.appendingPathComponent("\(stem).png"))
    }

    /// The most entries looked at under `Tests/` for a reference, so a huge tree costs a bounded walk.
    static let searchLimit = 50_000

    /// `FILE` and `TEST.NAME` of the reference `Tests/…/__Snapshots__/FILE/TEST.NAME.png` (under
    /// the current folder) holding `bytes`, when exactly one does.
    private static func referenceUnderTests(bytes: Data) -> (fileName: String, stem: String)? {
        let tests = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(atPath: tests.path) else { return nil }
        var matches: [(String, String)] = []
        var seen = 0
        while let path = walker.nextObject() as? String, seen < searchLimit {
            seen += 1
            let components = path.split(separator: "/")
            guard components.count >= 3, components[components.count - 3] == "__Snapshots__" else { continue }
            let name = String(components[components.count - 1])
            guard name.hasSuffix(".png") else { continue }
            if holds(tests.appendingPathComponent(path), bytes) {
                matches.append((String(components[components.count - 2]), String(name.dropLast(4))))
            }
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The name without its extension of the file `PREFIX*` in `folder` holding `bytes`.
    private static func matchingReference(in folder: URL, prefix: String, bytes: Data) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        for name in names.sorted() where name.hasPrefix(prefix) && holds(folder.appendingPathComponent(name), bytes) {
            return URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        }
        return nil
    }

    /// Whether `file` holds exactly `bytes` (its size is looked at first).
    private static func holds(_ file: URL, _ bytes: Data) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        return size == bytes.count && (try? Data(contentsOf: file)) == bytes
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
