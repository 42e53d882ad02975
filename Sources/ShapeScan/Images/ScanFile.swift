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
    /// The most pages a PDF or TIFF may have, counted before any is decoded: a class of 40 with
    /// 10-page sheets fits, and a file of thousands of empty pages is refused at once.
    package static let maximumPages = 500

    /// Why a PDF or TIFF gave no pages to read.
    package enum PageFailure: Error {
        /// The library could not open it.
        case unopenable
        /// It has this many pages, more than `maximumPages`.
        case tooManyPages(Int)
    }

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
            pages = try Self.pages(of: path, kind: "PDF", library: "poppler") { () throws(PageFailure) in
                try PDFPages.pages(of: bytes, maximumPages: Self.maximumPages)
            }
        } else if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            pages = try Self.pages(of: path, kind: "TIFF", library: "libtiff") { () throws(PageFailure) in
                try TIFFCodec.pages(atPath: path, maximumPages: Self.maximumPages)
            }
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            pages = [JPEGCodec.decode(bytes)]
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            pages = [(try? RGBAImage(pngBytes: bytes)).map(GrayImage.init)]
        } else {
            throw .badData(location: path, reason: "not a PDF, TIFF, JPEG or PNG scan")
        }
    }

    /// The pages `decode` gives, with its failures and a file of no page as one line each.
    private static func pages(
        of path: String, kind: String, library: String, decode: () throws(PageFailure) -> [GrayImage?]
    ) throws(ShapeTurnsError) -> [GrayImage?] {
        let pages: [GrayImage?]
        do throws(PageFailure) {
            pages = try decode()
        } catch {
            switch error {
            case .unopenable:
                throw .badData(location: path, reason: "a \(kind) \(library) cannot open")
            case .tooManyPages(let count):
                throw .badData(
                    location: path,
                    reason: "a \(kind) of \(count) pages; scan reads at most \(maximumPages) a file (split the pile)")
            }
        }
        guard !pages.isEmpty else {
            throw .badData(location: path, reason: "a \(kind) with no page in it; nothing to read")
        }
        return pages
    }
}
