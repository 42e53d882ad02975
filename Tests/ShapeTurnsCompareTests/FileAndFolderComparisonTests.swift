import Foundation
import PixelDiff
import Testing

@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore

/// The compare room in process, on images this test makes pixel by pixel: a grey field with
/// black squares put where the test says, so every count below is known without pixelmatch.
@Suite("Comparing files and folders of PNGs")
struct FileAndFolderComparisonTests {
    static let grey: UInt32 = 0xFF80_8080
    static let black: UInt32 = 0xFF00_0000

    /// A 16x16 grey PNG with black pixels at `marked` (x + 16 y).
    static func png(marked: Set<Int> = []) throws -> [UInt8] {
        let pixels = (0..<256).map { marked.contains($0) ? black : grey }
        return try RGBAImage(width: 16, height: 16, pixels: pixels).pngBytes()
    }

    /// A new folder under the temporary folder, removed by `defer` in each test.
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-compare-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    @Test(arguments: [Set<Int>(), [0], [17, 18, 200], Set(0..<256)])
    func aFilePairCountsExactlyThePixelsThatDiffer(marked: Set<Int>) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(try Self.png(), "expected.png", in: folder)
        try Self.write(try Self.png(marked: marked), "actual.png", in: folder)
        let report = try ImageFileComparer().compare(
            expectedPath: folder.appendingPathComponent("expected.png").path,
            actualPath: folder.appendingPathComponent("actual.png").path,
            diffPath: folder.appendingPathComponent("diff.png").path)
        #expect(report.differentPixels == marked.count)
        #expect(report.totalPixels == 256)
        #expect(report.match == marked.isEmpty)
        let diff = try RGBAImage(pngBytes: Array(try Data(contentsOf: folder.appendingPathComponent("diff.png"))))
        #expect(diff.width == 16 && diff.height == 16)
        // pixelmatch paints a differing pixel red (255, 0, 0) and fades the rest to grey.
        let red = diff.pixels.indices.filter { diff.pixels[$0] & 0x00FF_FFFF == 0x0000_00FF }
        #expect(Set(red) == marked)
    }

    @Test func aMissingFileIsMissingInputAndAFileThatIsNotAPNGIsBadData() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(try Self.png(), "good.png", in: folder)
        try Self.write(Array("not a png".utf8), "text.png", in: folder)
        let good = folder.appendingPathComponent("good.png").path
        let missing = try #require(throws: ShapeTurnsError.self) {
            try ImageFileComparer().compare(
                expectedPath: good, actualPath: folder.appendingPathComponent("no.png").path)
        }
        #expect(missing.exitCode == 66)
        let text = try #require(throws: ShapeTurnsError.self) {
            try ImageFileComparer().compare(
                expectedPath: good, actualPath: folder.appendingPathComponent("text.png").path)
        }
        #expect(text.exitCode == 65)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("diff.png").path))
    }

    @Test(arguments: [1, 2, 7])
    func folderModeSortsEveryImageIntoPassedChangedNewAndMissing(jobs: Int) throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = root.appendingPathComponent("expected")
        let actual = root.appendingPathComponent("actual")
        try Self.write(try Self.png(), "same.png", in: expected)
        try Self.write(try Self.png(), "same.png", in: actual)
        try Self.write(try Self.png(), "deep/changed.png", in: expected)
        try Self.write(try Self.png(marked: [5, 6]), "deep/changed.png", in: actual)
        try Self.write(try Self.png(), "gone.png", in: expected)
        try Self.write(try Self.png(), "added.PNG", in: actual)
        try Self.write(Array("notes".utf8), "notes.txt", in: actual)
        let report = try FolderComparer(comparer: ImageFileComparer(), jobs: jobs)
            .compare(expectedFolder: expected.path, actualFolder: actual.path)
        let statuses = Dictionary(uniqueKeysWithValues: report.images.map { ($0.path, $0.status) })
        #expect(
            statuses == ["same.png": .passed, "deep/changed.png": .changed, "gone.png": .missing, "added.PNG": .new])
        #expect(report.images.first { $0.path == "deep/changed.png" }?.differentPixels == 2)
        #expect(report.summary.total == 4 && report.summary.passed == 1)
        #expect(report.fails(allowingNew: true))
        #expect(report.images.map(\.path) == report.images.map(\.path).sorted(by: FolderComparer.pathOrder))
    }

    @Test func aFolderThatIsNotThereIsMissingInput() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(throws: ShapeTurnsError.self) {
            try FolderComparer(comparer: ImageFileComparer(), jobs: 1)
                .compare(expectedFolder: root.path, actualFolder: root.appendingPathComponent("absent").path)
        }
        #expect(error.exitCode == 66)
    }
}
