import PixelDiff
import ShapeTurnsCore

/// One scan file's pages decoded in this process, one at a time: what `PageWorker` runs, and
/// what the tests and the benchmark read through directly. Every page is checked against the
/// budget (`ScanFile.maximumSide`, `ScanFile.maximumPixels`) before its pixels are decoded.
package final class PageDecoder {
    /// What the file is.
    package let format: ScanFile.Format
    /// How many pages it has, counted without decoding one.
    package let count: Int
    private let path: String
    private let pdf: PDFPages?
    private let tiff: TIFFPages?

    /// Opens `path`, a file of `format`; fails with `unopenable` when its library cannot.
    package init(path: String, format: ScanFile.Format) throws(ScanFile.PageFailure) {
        self.path = path
        self.format = format
        switch format {
        case .pdf:
            let pdf = try PDFPages(path: path)
            (self.pdf, tiff, count) = (pdf, nil, pdf.count)
        case .tiff:
            let tiff = try TIFFPages(path: path)
            (pdf, self.tiff, count) = (nil, tiff, tiff.count)
        case .jpeg, .png:
            (pdf, tiff, count) = (nil, nil, 1)
        }
    }

    /// Page `index` (0-based) in grey, or why it was not decoded.
    package func page(at index: Int) -> Result<GrayImage, PageRefusal> {
        if let pdf { return pdf.page(at: index) }
        if let tiff { return tiff.page(at: index) }
        guard index == 0, let bytes = try? BoundedFileReader.read(path, limit: ScanFile.byteLimit) else {
            return .failure(.undecodable(by: format.library))
        }
        return format == .jpeg ? JPEGCodec.decode(bytes) : Self.png(bytes)
    }

    /// A PNG's grey, its header's size checked first.
    private static func png(_ bytes: [UInt8]) -> Result<GrayImage, PageRefusal> {
        if bytes.count >= 24 {
            func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            if let refusal = PageRefusal.size(width: word(16), height: word(20), what: "an image") {
                return .failure(refusal)
            }
        }
        guard
            let image = try? RGBAImage(
                pngBytes: bytes, maximumSide: ScanFile.maximumSide, maximumPixels: ScanFile.maximumPixels)
        else { return .failure(.undecodable(by: ScanFile.Format.png.library)) }
        return .success(GrayImage(image))
    }
}
