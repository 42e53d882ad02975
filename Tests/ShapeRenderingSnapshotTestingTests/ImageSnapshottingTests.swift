import Foundation
import ShapeGame
import ShapeRendering
import ShapeRenderingSnapshotTesting
import ShapeTurnsSnapshotTesting
import SnapshotTesting
import Testing

@Suite("The image snapshot strategy works on Linux")
struct ImageSnapshottingTests {
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

    static func surface(proportion: Double = 0.6, fill: RGBAColor = RGBAColor(red: 0.6, green: 0.4, blue: 0.2)) throws
        -> CairoSurface
    {
        let view = try ShapeViewBuilder(style: ShapeStyle(fillColor: fill)).buildView(
            for: CircleShape(proportion: proportion))
        return try ShapeImageRenderer(canvasSide: 64).renderImage(view)
    }

    static func verify(
        _ surface: CairoSurface, as strategy: Snapshotting<CairoSurface, Data> = .image,
        in folder: SnapshotFolder, record: SnapshotTestingConfiguration.Record = .missing
    ) -> String? {
        verifySnapshot(
            of: surface, as: strategy, named: "circle", record: record, snapshotDirectory: folder.path,
            testName: "shape")
    }

    @Test func aMissingReferenceIsRecordedThenMatches() throws {
        let folder = SnapshotFolder()
        let first = try #require(Self.verify(try Self.surface(), in: folder))
        #expect(first.contains("No reference was found on disk"))
        let recorded = folder.file("shape", "circle")
        #expect(FileManager.default.fileExists(atPath: recorded.path))
        #expect(try RGBAImage(pngBytes: [UInt8](Data(contentsOf: recorded))) == RGBAImage(surface: try Self.surface()))
        #expect(Self.verify(try Self.surface(), in: folder) == nil)
    }

    @Test func aDifferenceFailsWithTheCountAndADiffImage() throws {
        let folder = SnapshotFolder()
        _ = Self.verify(try Self.surface(), in: folder)
        let changed = try Self.surface(proportion: 0.75)
        let message = try #require(Self.verify(changed, in: folder))
        #expect(message.contains("Snapshot \"circle\" does not match reference."))
        let count = try #require(message.firstMatch(of: /(\d+) of 4096 pixels differ/)?.1)
        #expect((Int(count) ?? 0) > 0)
        let path = try #require(
            message.firstMatch(of: /Diff image \(differences red, anti-aliasing yellow\): (\S+)/)?.1)
        let diff = try RGBAImage(pngBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: String(path)))))
        let red = RGBAImage.pack(red: 255, green: 0, blue: 0, alpha: 255)
        #expect(diff.pixels.filter { $0 == red }.count == Int(count))
    }

    @Test func aFailureLeavesExpectedActualAndDiffFoldersThatCompareReads() throws {
        let folder = SnapshotFolder()
        _ = Self.verify(try Self.surface(), in: folder)
        let changed = try Self.surface(proportion: 0.7)
        let message = try #require(Self.verify(changed, in: folder))
        #expect(message.contains("Diff image (differences red, anti-aliasing yellow): "))
        let artifacts = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let root = URL(fileURLWithPath: artifacts).appendingPathComponent("ShapeTurnsSnapshotTesting").path
        let stem = "aFailureLeavesExpectedActualAndDiffFoldersThatCompareReads-"
        let copies = try FileManager.default.contentsOfDirectory(atPath: "\(root)/expected/ImageSnapshottingTests")
        let copy = try #require(
            copies.first {
                $0.wholeMatch(of: /aFailureLeavesExpectedActualAndDiffFoldersThatCompareReads-[0-9a-f]{8}\.png/) != nil
            })
        let name = "ImageSnapshottingTests/\(copy)"
        #expect(FileManager.default.fileExists(atPath: "\(root)/diff/\(name)"))
        let expected = try Data(contentsOf: URL(fileURLWithPath: "\(root)/expected/\(name)"))
        #expect(expected == (try Data(contentsOf: folder.file("shape", "circle"))))
        let actual = try Data(contentsOf: URL(fileURLWithPath: "\(root)/actual/\(name)"))
        #expect(try RGBAImage(pngBytes: [UInt8](actual)) == RGBAImage(surface: changed))
        // A second failure of the same snapshot replaces its files rather than adding more.
        _ = Self.verify(try Self.surface(proportion: 0.72), in: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(root)/actual/ImageSnapshottingTests")
        #expect(names.filter { $0.hasPrefix(stem) }.count == 1)
    }

    @Test func precisionAndPixelBoundsAreTheTolerance() throws {
        let folder = SnapshotFolder()
        _ = Self.verify(try Self.surface(), in: folder)
        let changed = try Self.surface(proportion: 0.75)
        let strict = try #require(Self.verify(changed, in: folder))
        let match = try #require(strict.firstMatch(of: /(\d+) of 4096 pixels differ/))
        let count = try #require(Int(match.1))
        #expect(Self.verify(changed, as: .image(maxDifferentPixels: count), in: folder) == nil)
        #expect(Self.verify(changed, as: .image(maxDifferentPixels: count - 1), in: folder) != nil)
        #expect(Self.verify(changed, as: .image(precision: 1 - Double(count) / 4096), in: folder) == nil)
        #expect(Self.verify(changed, as: .image(precision: 1 - Double(count - 1) / 4096), in: folder) != nil)
    }

    @Test func thresholdIgnoresSmallShadeChanges() throws {
        let folder = SnapshotFolder()
        _ = Self.verify(try Self.surface(), in: folder)
        let shaded = try Self.surface(fill: RGBAColor(red: 0.62, green: 0.41, blue: 0.2))
        #expect(Self.verify(shaded, as: .image(threshold: 0.1), in: folder) == nil)
        #expect(Self.verify(shaded, in: folder) != nil, "by default every changed pixel counts")
    }

    @Test func recordModesAreHonoured() throws {
        let folder = SnapshotFolder()
        let reference = folder.file("shape", "circle")
        let never = try #require(Self.verify(try Self.surface(), in: folder, record: .never))
        #expect(never.contains("not recorded"))
        #expect(!FileManager.default.fileExists(atPath: reference.path))

        _ = Self.verify(try Self.surface(), in: folder)
        let changed = try Self.surface(proportion: 0.75)
        let all = try #require(Self.verify(changed, in: folder, record: .all))
        #expect(all.contains("Record mode is on"))
        #expect(Self.verify(changed, in: folder) == nil)

        let failed = try #require(Self.verify(try Self.surface(), in: folder, record: .failed))
        #expect(failed.contains("A new snapshot was automatically recorded."))
        #expect(Self.verify(try Self.surface(), in: folder) == nil)
    }

    @Test func differentSizesAndBadReferencesAreFailuresNotCrashes() throws {
        let folder = SnapshotFolder()
        _ = Self.verify(try Self.surface(), in: folder)
        let small = try CairoSurface.image(width: 32, height: 64)
        let sizes = try #require(Self.verify(small, in: folder))
        #expect(sizes.contains("The sizes differ: reference 64x64, snapshot 32x64."))

        try Data("not a png".utf8).write(to: folder.file("shape", "circle"))
        let corrupt = try #require(Self.verify(try Self.surface(), in: folder))
        #expect(corrupt.contains("The reference is not a usable PNG: not a PNG file."))

        let bad = try #require(Self.verify(try Self.surface(), as: .image(threshold: 2), in: folder))
        #expect(bad.contains("bad parameter"))
    }

    @Test func pngDataAndBytesSnapshotLikeSurfaces() throws {
        let folder = SnapshotFolder()
        let bytes = try Self.surface().pngBytes()
        #expect(
            verifySnapshot(of: bytes, as: .png, named: "bytes", snapshotDirectory: folder.path, testName: "shape")
                != nil)
        #expect(
            verifySnapshot(of: bytes, as: .png, named: "bytes", snapshotDirectory: folder.path, testName: "shape")
                == nil)
        #expect(
            verifySnapshot(of: Data(bytes), as: .png, named: "bytes", snapshotDirectory: folder.path, testName: "shape")
                == nil)
        let other = try Self.surface(proportion: 0.3).pngBytes()
        #expect(
            verifySnapshot(
                of: other, as: .png(precision: 0.5), named: "bytes", snapshotDirectory: folder.path, testName: "shape")
                == nil)
    }
}
