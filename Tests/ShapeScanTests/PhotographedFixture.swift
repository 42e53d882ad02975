import Foundation
import ShapeRendering
import ShapeScan
import Testing

/// The pixels cut from the outside check's scans (`Fixtures/ScanBoxes`), as the scanner decoded
/// them, with the page-to-pixel map the reader fitted there.
enum PhotographedFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/ScanBoxes")

    /// The entries of `manifest`, a JSON array in the folder.
    static func entries<Entry: Decodable>(_ manifest: String) throws -> [Entry] {
        try JSONDecoder().decode([Entry].self, from: Data(contentsOf: folder.appendingPathComponent(manifest)))
    }

    /// The image in `file` and its map: the page's `homography` to the image's pixels.
    static func page(_ file: String, homography: [Double], pixelsPerPoint: Double) throws -> (
        image: GrayImage, fix: PageFix
    ) {
        let scan = try ScanFile(path: folder.appendingPathComponent(file).path)
        let image = try #require(scan.pages.first ?? nil)
        let fix = PageFix(
            paper: .a4, homography: Homography(matrix: homography), tagsFound: 4, code: nil,
            pixelsPerPoint: pixelsPerPoint)
        return (image, fix)
    }
}
