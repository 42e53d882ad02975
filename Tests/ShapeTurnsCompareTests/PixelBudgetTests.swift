import Foundation
import PixelDiff
import Testing

@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore

/// Images are bounded by a budget of pixels, not by a side: a full-page screenshot taller than
/// 8192 pixels (the old limit) compares, and a pair that needs more pixels than the budget is
/// refused from its headers with one line and status 65, nothing written.
@Suite("The pixel budget of a comparison")
struct PixelBudgetTests {
    static let white: UInt32 = 0xFFFF_FFFF
    static let black: UInt32 = 0xFF00_0000

    /// A white `width` x `height` PNG with black pixels at `marked` (x + width y).
    static func png(width: Int, height: Int, marked: Set<Int> = []) throws -> [UInt8] {
        var pixels = [UInt32](repeating: white, count: width * height)
        for index in marked {
            pixels[index] = black
        }
        return try RGBAImage(width: width, height: height, pixels: pixels).pngBytes()
    }

    /// The pixels of a `width`-wide block of 3 x 2 at (x, y).
    static func block(x: Int, y: Int, width: Int) -> Set<Int> {
        Set((0..<2).flatMap { row in (0..<3).map { column in (y + row) * width + x + column } })
    }

    /// A 1280 x 9000 page with a 3 x 2 change near its top, across the old 8192 limit and at its
    /// bottom edge: pixelmatch counts the six pixels (a solid block on a flat field is never
    /// anti-aliasing), and the diff paints exactly them red.
    @Test(arguments: [(10, 10), (640, 8191), (1277, 8998)])
    func aFullPageScreenshotTallerThan8192PixelsCompares(x: Int, y: Int) throws {
        let folder = try FileAndFolderComparisonTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (width, height) = (1280, 9000)
        let marked = Self.block(x: x, y: y, width: width)
        try FileAndFolderComparisonTests.write(
            try Self.png(width: width, height: height), "expected.png", in: folder)
        try FileAndFolderComparisonTests.write(
            try Self.png(width: width, height: height, marked: marked), "actual.png", in: folder)
        let report = try ImageFileComparer().compare(
            expectedPath: folder.appendingPathComponent("expected.png").path,
            actualPath: folder.appendingPathComponent("actual.png").path,
            diffPath: folder.appendingPathComponent("diff.png").path)
        #expect(report.differentPixels == 6)
        #expect(report.totalPixels == width * height)
        let diff = try RGBAImage(
            pngBytes: Array(try Data(contentsOf: folder.appendingPathComponent("diff.png"))),
            maximumPixels: width * height)
        #expect(diff.width == width && diff.height == height)
        let red = diff.pixels.indices.filter { diff.pixels[$0] & 0x00FF_FFFF == 0x0000_00FF }
        #expect(Set(red) == marked)
    }

    /// Two 100 x 100 images need 20,000 pixels, and 30,000 with a diff: a budget of 25,000 lets
    /// the comparison run without a diff and refuses it, before decoding, with one.
    @Test(arguments: [(25_000, false, true), (25_000, true, false), (30_000, true, true), (19_999, false, false)])
    func aPairIsRefusedWhenItsImagesAndDiffExceedTheBudget(budget: Int, drawingDiff: Bool, fits: Bool) throws {
        let folder = try FileAndFolderComparisonTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileAndFolderComparisonTests.write(try Self.png(width: 100, height: 100), "expected.png", in: folder)
        try FileAndFolderComparisonTests.write(
            try Self.png(width: 100, height: 100, marked: [5050]), "actual.png", in: folder)
        let comparer = try ImageFileComparer(pixelBudget: budget)
        let diffPath = folder.appendingPathComponent("diff.png").path
        let compare = { () throws(ShapeTurnsError) -> ComparisonReport in
            try comparer.compare(
                expectedPath: folder.appendingPathComponent("expected.png").path,
                actualPath: folder.appendingPathComponent("actual.png").path,
                diffPath: drawingDiff ? diffPath : nil)
        }
        if fits {
            #expect(try compare().differentPixels == 1)
        } else {
            let error = try #require(throws: ShapeTurnsError.self) { try compare() }
            #expect(error.exitCode == 65)
            let message = error.description
            #expect(!message.contains("\n"))
            let needed = drawingDiff ? 30_000 : 20_000
            #expect(message.contains("needs \(needed) pixels decoded"), "\(message)")
            #expect(message.contains("above the pixel budget of \(budget)"), "\(message)")
            #expect(!FileManager.default.fileExists(atPath: diffPath))
        }
    }

    /// In folder mode a pair too large for the budget is that image's failure, with why; the
    /// other pairs are still compared.
    @Test func inFolderModeAPairAboveTheBudgetIsThatImagesFailure() throws {
        let root = try FileAndFolderComparisonTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = root.appendingPathComponent("expected")
        let actual = root.appendingPathComponent("actual")
        for folder in [expected, actual] {
            try FileAndFolderComparisonTests.write(try Self.png(width: 200, height: 100), "big.png", in: folder)
            try FileAndFolderComparisonTests.write(try Self.png(width: 10, height: 10), "small.png", in: folder)
        }
        let report = try FolderComparer(comparer: ImageFileComparer(pixelBudget: 30_000), jobs: 2)
            .compare(expectedFolder: expected.path, actualFolder: actual.path)
        let outcomes = Dictionary(uniqueKeysWithValues: report.images.map { ($0.path, $0) })
        #expect(outcomes["small.png"]?.status == .passed)
        #expect(outcomes["big.png"]?.status == .changed)
        #expect(outcomes["big.png"]?.reason.contains("needs 40000 pixels decoded (200x100 and 200x100)") == true)
    }

    /// A side above 65535 is refused from the header, whatever the budget.
    @Test func aSideAbove65535IsBadData() throws {
        let folder = try FileAndFolderComparisonTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var wide = try Self.png(width: 8, height: 8)
        wide.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 0, 0, 1])
        // The IHDR chunk's CRC, over its type and data, made right again: libpng checks it first.
        let crc = Self.crc32(wide[12..<29])
        wide.replaceSubrange(29..<33, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
        try FileAndFolderComparisonTests.write(wide, "wide.png", in: folder)
        try FileAndFolderComparisonTests.write(try Self.png(width: 8, height: 8), "small.png", in: folder)
        let error = try #require(throws: ShapeTurnsError.self) {
            try ImageFileComparer(pixelBudget: ImageFileComparer.pixelBudgetRange.upperBound).compare(
                expectedPath: folder.appendingPathComponent("small.png").path,
                actualPath: folder.appendingPathComponent("wide.png").path)
        }
        #expect(error.exitCode == 65)
        #expect(error.description.contains("65536x1"), "\(error.description)")
        #expect(error.description.contains("at most 65535"), "\(error.description)")
    }

    /// A file is held to the largest PNG its own header declares: an 8x8 PNG followed by 20 MiB
    /// is refused before it is read (65); a 20 MiB file that is no PNG is refused from its first
    /// bytes as "not a PNG, JPEG or WebP file", the rest never read.
    @Test func aFileIsHeldToWhatItsHeaderDeclares() throws {
        let folder = try FileAndFolderComparisonTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Self.png(width: 8, height: 8)
        try FileAndFolderComparisonTests.write(small, "small.png", in: folder)
        let padding = [UInt8](repeating: 0, count: 20 << 20)
        try FileAndFolderComparisonTests.write(small + padding, "padded.png", in: folder)
        try FileAndFolderComparisonTests.write(Array("GIF89a".utf8) + padding, "gif.png", in: folder)
        let comparer = try ImageFileComparer()
        let padded = try #require(throws: ShapeTurnsError.self) {
            try comparer.compare(
                expectedPath: folder.appendingPathComponent("small.png").path,
                actualPath: folder.appendingPathComponent("padded.png").path)
        }
        #expect(padded.exitCode == 65)
        let limit = PNGFileBounds.largestFile(pixels: 64, rows: 8)
        #expect(padded.description.contains("at most \(limit) are accepted"), "\(padded.description)")
        let gif = folder.appendingPathComponent("gif.png").path
        #expect(try comparer.readFile(at: gif) == Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 18))
        let notPNG = try #require(throws: ShapeTurnsError.self) {
            try comparer.compare(expectedPath: folder.appendingPathComponent("small.png").path, actualPath: gif)
        }
        #expect(notPNG.exitCode == 65)
        #expect(notPNG.description.hasSuffix("not a PNG, JPEG or WebP file"), "\(notPNG.description)")
    }

    @Test(arguments: [0, -1, ImageFileComparer.pixelBudgetRange.upperBound + 1])
    func aBudgetOutOfRangeIsAnInvalidOption(budget: Int) throws {
        let error = try #require(throws: ShapeTurnsError.self) { try ImageFileComparer(pixelBudget: budget) }
        #expect(error.exitCode == 64)
        #expect(error.description.contains("pixelBudget"), "\(error.description)")
    }

    /// PNG's CRC-32 (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    /// The decoder refuses an image above `maximumPixels` from its header.
    @Test func theDecoderRefusesMorePixelsThanAllowed() throws {
        let bytes = try Self.png(width: 30, height: 20)
        #expect(throws: PNGDecodingError.tooManyPixels(width: 30, height: 20, maximumPixels: 599)) {
            try RGBAImage(pngBytes: bytes, maximumPixels: 599)
        }
        #expect(try RGBAImage(pngBytes: bytes, maximumPixels: 600).pixelCount == 600)
    }
}
