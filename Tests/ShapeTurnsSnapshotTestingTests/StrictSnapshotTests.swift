import Foundation
import PixelDiff
import ShapeTurnsSnapshotTesting
import SnapshotTesting
import Testing

/// The strategies count every changed pixel unless told otherwise, store exactly the pixels
/// they are given, check their parameters, and put the diff beside the failed image.
@Suite("Snapshots catch every changed pixel and keep exact pixels")
struct StrictSnapshotTests {
    /// A 128 × 96 horizontal grey gradient with a hard-edged dark bar from x = 40 to `barEnd`.
    static func bar(to barEnd: Int) throws -> RGBAImage {
        var pixels: [UInt32] = []
        for _ in 0..<96 {
            for x in 0..<128 {
                let grey = UInt8(60 + x)
                pixels.append(
                    (40..<barEnd).contains(x)
                        ? RGBAImage.pack(red: 20, green: 30, blue: 120, alpha: 255)
                        : RGBAImage.pack(red: grey, green: grey, blue: grey, alpha: 255))
            }
        }
        return try RGBAImage(width: 128, height: 96, pixels: pixels)
    }

    static func verify<Value>(
        _ value: Value, as strategy: Snapshotting<Value, Data>, in folder: SnapshotFolder,
        named name: String = "bar"
    ) -> String? {
        verifySnapshot(of: value, as: strategy, named: name, snapshotDirectory: folder.path, testName: "strict")
    }

    /// Widening the bar by one pixel changes one column, 96 pixels; pixelmatch's rules would
    /// count a handful and call the rest anti-aliasing.
    @Test func aSolidEdgeMovedOnePixelCountsEveryChangedPixel() throws {
        let folder = SnapshotFolder()
        _ = Self.verify(try Self.bar(to: 60), as: .rgbaImage, in: folder)
        let wider = try Self.bar(to: 61)
        let changed = zip(try Self.bar(to: 60).pixels, wider.pixels).filter { $0 != $1 }.count
        #expect(changed == 96)
        let message = try #require(Self.verify(wider, as: .rgbaImage, in: folder))
        #expect(
            message.contains(
                "\(changed) of 12288 pixels differ, first at (60, 0), (60, 1), (60, 2); threshold 0.0, none allowed."),
            "\(message)")
        #expect(Self.verify(wider, as: .rgbaImage(maxDifferentPixels: 10), in: folder) != nil)
        #expect(Self.verify(wider, as: .rgbaImage(precision: 0.999), in: folder) != nil)
        #expect(Self.verify(wider, as: .rgbaImage(maxDifferentPixels: changed), in: folder) == nil)

        // Asked for, pixelmatch's rules take the whole moved edge for anti-aliasing: that is
        // why they are not the default.
        #expect(Self.verify(wider, as: .rgbaImage(threshold: 0.1, includeAntiAliased: false), in: folder) == nil)
    }

    @Test func straightRGBAIsStoredExactly() throws {
        let folder = SnapshotFolder()
        var pixels: [UInt32] = []
        for alpha in [0, 1, 3, 127, 128, 254, 255] as [UInt8] {
            for (red, green, blue) in [(200, 100, 50), (255, 0, 1), (1, 2, 3)] as [(UInt8, UInt8, UInt8)] {
                pixels.append(RGBAImage.pack(red: red, green: green, blue: blue, alpha: alpha))
            }
        }
        let image = try RGBAImage(width: 3, height: 7, pixels: pixels)
        #expect(Self.verify(image, as: .rgbaImage, in: folder) != nil, "the first run records")
        let stored = try RGBAImage(pngBytes: [UInt8](Data(contentsOf: folder.file("strict", "bar"))))
        #expect(stored == image)
        #expect(stored.pixels[6] == RGBAImage.pack(red: 200, green: 100, blue: 50, alpha: 3))
        #expect(Self.verify(image, as: .rgbaImage, in: folder) == nil)
        var moved = pixels
        moved[6] = RGBAImage.pack(red: 201, green: 100, blue: 50, alpha: 3)
        let message = try #require(
            Self.verify(try RGBAImage(width: 3, height: 7, pixels: moved), as: .rgbaImage, in: folder))
        #expect(message.contains("1 of 21 pixels differ, first at (0, 2);"), "\(message)")
    }

    /// Every valid premultiplied pixel (no channel above alpha) comes back exactly.
    @Test func premultipliedARGBIsStoredWithoutLoss() throws {
        let folder = SnapshotFolder()
        var buffer: [UInt32] = []
        for alpha in 0...255 {
            for channel in 0...alpha {
                buffer.append(
                    UInt32(alpha) << 24 | UInt32(channel) << 16 | UInt32(alpha - channel) << 8 | UInt32(channel / 2))
            }
        }
        let width = 257
        let height = (buffer.count + width - 1) / width
        buffer += Array(repeating: 0, count: width * height - buffer.count)
        let strategy = Snapshotting<[UInt32], Data>.premultipliedARGB(width: width, height: height)
        #expect(Self.verify(buffer, as: strategy, in: folder, named: "argb") != nil, "the first run records")
        let stored = try RGBAImage(pngBytes: [UInt8](Data(contentsOf: folder.file("strict", "argb"))))
        #expect(stored.premultipliedARGB() == buffer)
        #expect(Self.verify(buffer, as: strategy, in: folder, named: "argb") == nil)
        let wrongSize = try #require(
            Self.verify(buffer, as: .premultipliedARGB(width: width, height: height + 1), in: folder, named: "argb"))
        #expect(wrongSize.contains("not a usable PNG"))
    }

    @Test(arguments: [2, -0.5, .nan, .infinity])
    func aBadThresholdFailsEvenOnIdenticalImages(threshold: Double) throws {
        let folder = SnapshotFolder()
        let image = try Self.bar(to: 60)
        _ = Self.verify(image, as: .rgbaImage, in: folder)
        let message = try #require(Self.verify(image, as: .rgbaImage(threshold: threshold), in: folder))
        #expect(message.contains("bad parameter"))
        let tolerance = try #require(Self.verify(image, as: .rgbaImage(precision: threshold), in: folder))
        #expect(tolerance.contains("bad parameter"))
    }

    /// The diff is written beside the image swift-snapshot-testing writes for the failure, and
    /// named after the test and snapshot (the reference lives where swift-snapshot-testing puts
    /// it by default, next to this file; the test removes it again).
    @Test func theDiffIsNamedAfterTheTestBesideTheFailedImage() throws {
        let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/StrictSnapshotTests")
        let reference = references.appendingPathComponent("theDiffIsNamedAfterTheTestBesideTheFailedImage.gradient.png")
        try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: references.deletingLastPathComponent()) }
        try Data(try Self.bar(to: 60).pngBytes()).write(to: reference)

        let message = try #require(
            verifySnapshot(of: try Self.bar(to: 61), as: .rgbaImage, named: "gradient", record: .never))
        let artifacts = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        )
        .appendingPathComponent("StrictSnapshotTests")
        let failed = artifacts.appendingPathComponent("theDiffIsNamedAfterTheTestBesideTheFailedImage.gradient.png")
        let diff = artifacts.appendingPathComponent("theDiffIsNamedAfterTheTestBesideTheFailedImage.gradient.diff.png")
        defer {
            try? FileManager.default.removeItem(at: failed)
            try? FileManager.default.removeItem(at: diff)
        }
        #expect(message.contains(failed.path))
        #expect(message.contains("Diff image (differences red, anti-aliasing yellow): \(diff.path)"), "\(message)")
        #expect(FileManager.default.fileExists(atPath: failed.path))
        let red = RGBAImage.pack(red: 255, green: 0, blue: 0, alpha: 255)
        #expect(try RGBAImage(pngBytes: [UInt8](Data(contentsOf: diff))).pixels.filter { $0 == red }.count == 96)
        // Passing again clears what the failure left.
        #expect(verifySnapshot(of: try Self.bar(to: 60), as: .rgbaImage, named: "gradient", record: .never) == nil)
        #expect(!FileManager.default.fileExists(atPath: failed.path))
        #expect(!FileManager.default.fileExists(atPath: diff.path))
    }
}
