import Foundation
import Testing

@testable import ShapeTurnsCore

/// The output policy is the only way to open a file for writing or to remove one: outside
/// `Sources/*/Output/`, no source line may call a raw writer. A line that must (a test library's
/// own artifacts) says why, ending `// outside the policy: WHY`, which review reads.
@Suite struct WritersUnderThePolicyTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Calls that create, replace, move or remove a file or folder.
    static let writers = [
        ".write(to:", "createFile(", "removeItem(", "fopen(", "O_CREAT", "FileHandle(forWriting",
        "FileHandle(forUpdating", "unlink(", "rmdir(", "rename(", "mkdir(", "createDirectory(", "moveItem(",
        "copyItem(", "replaceItem", "truncate(",
    ]

    @Test func noWriterBypassesTheOutputPolicy() throws {
        let walker = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
        var offenders: [String] = []
        var files = 0
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.split(separator: "/").contains("Output") else { continue }
            files += 1
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), !line.contains("// outside the policy:"),
                    Self.writers.contains(where: line.contains)
                else { continue }
                offenders.append("\(path):\(number + 1): \(code)")
            }
        }
        #expect(files > 50, "found only \(files) source files under \(Self.sources.path)")
        #expect(offenders.isEmpty, "writers outside Sources/*/Output/:\n\(offenders.joined(separator: "\n"))")
    }

    /// A failed run removes the folders it created only when they are empty: what another run
    /// or a user put there during the run stays, with the folders above it.
    @Test func cleanupAfterAFailureKeepsWhatOthersPutThere() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-test-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let deep = scratch.appendingPathComponent("a/b/c")
        var created = CreatedAncestors()
        try created.create(deep) { reason in .cannotCreateFile(path: deep.path, reason: reason) }
        #expect(created.folders.count == 3)
        try Data("a user's file".utf8).write(to: scratch.appendingPathComponent("a/b/theirs.txt"))
        created.removeAll()
        #expect(!FileManager.default.fileExists(atPath: deep.path))
        #expect(
            try Data(contentsOf: scratch.appendingPathComponent("a/b/theirs.txt")) == Data("a user's file".utf8))
    }
}
