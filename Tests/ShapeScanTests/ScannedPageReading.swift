import Foundation
import ScanSynthesis
import ShapeScan
import Testing

/// Reads `image` as the one page of a scan of `synthetic`'s class, through a PNG file as a
/// teacher's scan would come.
func readScannedPage(_ image: GrayImage, of synthetic: SyntheticClass) throws -> ScannedPage {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("page.png")
    try Data(image.pngBytes()).write(to: url)
    return try #require(try ScanGrader(key: synthetic.key).read([url.path]).pages.first)
}
