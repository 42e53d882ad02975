import Foundation
import Testing

@testable import ShapeTurnsCore

/// `play`'s record files: lines whole or not at all, a torn tail cut off before the next line,
/// and no folder until there is something to put in it.
@Suite struct AppendOnlyFolderTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("append-only-\(UUID().uuidString)")

    func text(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("records/\(name)"), encoding: .utf8)
    }

    @Test func theFolderIsMadeAtTheFirstLineNotBefore() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try AppendOnlyFolder(root.appendingPathComponent("records"), policy: OutputPolicy(.destination))
        #expect(!FileManager.default.fileExists(atPath: root.path))
        try folder.append(Array("one".utf8), to: "a.jsonl", create: true)
        try folder.append(Array("two".utf8), to: "a.jsonl", create: false)
        #expect(try text("a.jsonl") == "one\ntwo\n")
        #expect(throws: ShapeTurnsError.self) { try folder.append(Array("x".utf8), to: "a.jsonl", create: true) }
    }

    @Test(arguments: ["{\"turn\":2,\"cho", "x", "{\"turn\":2}"])
    func aTornLastLineIsCutOffBeforeTheNextLine(torn: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try AppendOnlyFolder(root.appendingPathComponent("records"), policy: OutputPolicy(.destination))
        try folder.append(Array("{\"turn\":1}".utf8), to: "a.jsonl", create: true)
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent("records/a.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(torn.utf8))
        try handle.close()
        try folder.append(Array("{\"turn\":2,\"choice\":\"a\"}".utf8), to: "a.jsonl", create: false)
        #expect(try text("a.jsonl") == "{\"turn\":1}\n{\"turn\":2,\"choice\":\"a\"}\n")
    }

    @Test func aFileOfOnlyATornLineIsEmptiedAndAnEmptyFileIsTakenAsNew() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try AppendOnlyFolder(root.appendingPathComponent("records"), policy: OutputPolicy(.destination))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("records"), withIntermediateDirectories: true)
        FileManager.default.createFile(
            atPath: root.appendingPathComponent("records/empty.jsonl").path, contents: Data())
        try folder.append(Array("first".utf8), to: "empty.jsonl", create: true)
        #expect(try text("empty.jsonl") == "first\n")
        FileManager.default.createFile(
            atPath: root.appendingPathComponent("records/torn.jsonl").path, contents: Data("{\"tu".utf8))
        try folder.append(Array("whole".utf8), to: "torn.jsonl", create: false)
        #expect(try text("torn.jsonl") == "whole\n")
    }
}
