import Foundation
import PixelDiff
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// One file of scans, decoded into its pages: a PDF (`PDFPages`), a TIFF (`TIFFCodec`), a JPEG
/// (`JPEGCodec`) or a PNG (PixelDiff's decoder), told apart by their first bytes, not their
/// names. Read within `byteLimit`.
package struct ScanFile: Sendable {
    /// The most bytes a scan file may have: a 300-page copier PDF fits.
    package static let byteLimit = 1 << 30

    /// The path as given.
    package let path: String
    /// Each page, in the file's order; `nil` for a page that could not be decoded.
    package let pages: [GrayImage?]

    /// Reads and decodes `path`. Fails with `missingInput` (66) when it cannot be read and
    /// `badData` (65) when it is no format the scanner reads.
    package init(path: String) throws(ShapeTurnsError) {
        self.path = path
        let bytes = try BoundedFileReader.read(path, limit: Self.byteLimit, describedAs: "\(.scans, path)")
        if bytes.starts(with: Array("%PDF".utf8)) {
            guard let pages = PDFPages.pages(of: bytes) else {
                throw .badData(location: path, reason: "a PDF poppler cannot open")
            }
            self.pages = pages
        } else if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            guard let pages = TIFFCodec.pages(atPath: path) else {
                throw .badData(location: path, reason: "a TIFF libtiff cannot open")
            }
            self.pages = pages
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            pages = [JPEGCodec.decode(bytes)]
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            pages = [(try? RGBAImage(pngBytes: bytes)).map(GrayImage.init)]
        } else {
            throw .badData(location: path, reason: "not a PDF, TIFF, JPEG or PNG scan")
        }
    }
}
