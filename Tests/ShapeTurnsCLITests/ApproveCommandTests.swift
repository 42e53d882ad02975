import Foundation
import Testing

@Suite("shapeturns approve, end to end")
struct ApproveCommandTests {
    @Test func approvingEverythingMakesTheNextComparePass() throws {
        let folders = try SnapshotFolders(corrupt: false)
        #expect(try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual]).status == 1)
        let approved = try ShapeTurnsBinary.run(["approve", folders.expected, folders.actual, "--prune"])
        #expect(approved.status == 0, "\(approved.stderr)")
        let lines = approved.stdout.split(separator: "\n").map(String.init)
        let changed = folders.expectations.filter { $0.value.status == "changed" }.keys
        for path in changed {
            #expect(lines.contains("updated: \(path)"), "\(lines)")
        }
        #expect(lines.contains("added: new/only actual.png"))
        #expect(lines.contains("removed: gone 🙂.png"))
        #expect(lines.last == "approved \(changed.count) changed and 1 new images, removed 1 missing")
        let again = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual])
        #expect(again.status == 0, "\(again.stdout)")
        // The approved images are the actual files, byte for byte; passed ones are left alone.
        let expected = try SnapshotFolders.contents(of: folders.expected)
        let actual = try SnapshotFolders.contents(of: folders.actual)
        for path in changed {
            #expect(expected[path] == actual[path])
        }
        #expect(expected.keys.filter { $0.contains("shapeturns-tmp") }.isEmpty)
    }

    @Test func withoutPruneMissingImagesStay() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let approved = try ShapeTurnsBinary.run(["approve", folders.expected, folders.actual])
        #expect(approved.status == 0)
        #expect(!approved.stdout.contains("removed:"))
        let after = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual])
        #expect(after.status == 1)
        #expect(after.stdout.hasSuffix("missing: gone 🙂.png: only in the expected folder\n"), "\(after.stdout)")
    }

    @Test func onlyTheListedPathsAreApproved() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let before = try SnapshotFolders.contents(of: folders.expected)
        let result = try ShapeTurnsBinary.run(["approve", folders.expected, folders.actual, "resized.png", "./new/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "added: new/only actual.png\nupdated: resized.png\napproved 1 changed and 1 new images, removed 0 missing\n"
        )
        let after = try SnapshotFolders.contents(of: folders.expected)
        #expect(Set(after.keys) == Set(before.keys).union(["new/only actual.png"]))
        for (path, bytes) in before where path != "resized.png" {
            #expect(after[path] == bytes, "\(path)")
        }
    }

    static let refusedPaths: [(String, String)] = [
        ("../outside.png", "without .."),
        ("/etc/passwd", "without .."),
        ("no/such.png", "is no image"),
        ("gone 🙂.png", "pass --prune"),
        ("linked/x.png", "leads outside"),
    ]

    @Test(arguments: refusedPaths)
    func pathsOutsideTheFoldersAreRefusedAndNothingIsWritten(path: String, message: String) throws {
        let folders = try SnapshotFolders(corrupt: false)
        // A new image whose folder in EXPECTED is a link to somewhere else: approving it would write there.
        let outside = folders.folder.path("elsewhere")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folders.actual + "/linked", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedA, toPath: folders.actual + "/linked/x.png")
        try FileManager.default.createSymbolicLink(atPath: folders.expected + "/linked", withDestinationPath: outside)
        let before = try SnapshotFolders.contents(of: folders.expected)
        let result = try ShapeTurnsBinary.run(["approve", folders.expected, folders.actual, "resized.png", path])
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try SnapshotFolders.contents(of: folders.expected) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    @Test func anUnreadableActualImageIsNotApprovedAndNothingIs() throws {
        let folders = try SnapshotFolders()
        let before = try SnapshotFolders.contents(of: folders.expected)
        let result = try ShapeTurnsBinary.run(["approve", folders.expected, folders.actual])
        #expect(result.status == 65)
        #expect(result.stderr.contains("not a usable image, so not approved"), "\(result.stderr)")
        #expect(try SnapshotFolders.contents(of: folders.expected) == before)
    }
}
