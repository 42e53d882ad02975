import Foundation
import ScanSynthesis
import ShapeScan
import Testing

/// Reads `image` as the one page of a scan of `synthetic`'s class, through a PNG file as a
/// teacher's scan would come.
func readScannedPage(_ image: GrayImage, of synthetic: SyntheticClass) throws -> ScannedPage {
    try #require(try readScannedPages([image], of: synthetic).pages.first)
}

/// Reads `images`, in order, as the pages of a scan of `synthetic`'s class, each through a PNG
/// file (`page-1.png`, `page-2.png`, …) as a teacher's scans would come, or all as the pages of
/// one 1-bit G4 TIFF (`pages.tif`, thresholded at mid-grey, 150 dpi in its header) when `oneTIFF`
/// is set; with the crops a review page shows when `keepsImages` is set.
func readScannedPages(
    _ images: [GrayImage], of synthetic: SyntheticClass, oneTIFF: Bool = false, keepsImages: Bool = false
) throws -> ScanGrader.Outcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    if oneTIFF {
        let path = folder.appendingPathComponent("pages.tif").path
        try #require(TIFFCodec.writeG4(images, dpi: 150, toPath: path))
        paths.append(path)
    } else {
        for (index, image) in images.enumerated() {
            let url = folder.appendingPathComponent("page-\(index + 1).png")
            try Data(image.pngBytes()).write(to: url)
            paths.append(url.path)
        }
    }
    return try ScanGrader(key: synthetic.key, keepsImages: keepsImages).read(paths)
}
