import Foundation
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// One file of scans, its pages decoded one at a time: a PDF (`PDFPages`), a TIFF (`TIFFPages`),
/// a JPEG (`JPEGCodec`) or a PNG (PixelDiff's decoder), told apart by their first bytes, not
/// their names. Read within documented bounds: `byteLimit`, `maximumPages` counted before any
/// page is decoded, `maximumSide` and `maximumPixels` a page checked before its pixels are
/// decoded, and, when decoded in a `PageWorker`, `pageSeconds` and `decoderMemory` a page. Only
/// one page is held at a time, so memory does not grow with the pile.
package final class ScanFile {
    /// The most bytes a scan file may have: a 300-page copier PDF fits.
    package static let byteLimit = 1 << 30
    /// The most pages a PDF or TIFF may have, counted before any is decoded: a class of 40 with
    /// 10-page sheets fits, and a file of thousands of empty pages is refused at once.
    package static let maximumPages = 500
    /// The longest side of a page, in pixels: A3 at 600 dpi is 9,921.
    package static let maximumSide = 10_000
    /// The most pixels a page may have (a byte each in grey): Letter or A4 at 600 dpi (34
    /// megapixels) and a 48-megapixel phone photo fit.
    package static let maximumPixels = 64_000_000
    /// The most wall-clock (and CPU) seconds a page may take to decode in a worker.
    package static let pageSeconds = 5
    /// The most memory a worker may map, beyond what it holds at start (RLIMIT_AS).
    package static let decoderMemory = 768 << 20

    /// What a scan file is.
    package enum Format: String, Sendable {
        case pdf, tiff, jpeg, png

        /// How the format is named in messages.
        package var name: String { rawValue.uppercased() }
        /// The library that decodes it.
        package var library: String {
            switch self {
            case .pdf: "poppler"
            case .tiff: "libtiff"
            case .jpeg: "libjpeg-turbo"
            case .png: "PixelDiff's PNG decoder"
            }
        }

        /// The format whose first bytes `head` holds.
        init?(head: [UInt8]) {
            if head.starts(with: Array("%PDF".utf8)) {
                self = .pdf
            } else if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
                self = .tiff
            } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                self = .png
            } else {
                return nil
            }
        }
    }

    /// Where pages are decoded.
    package enum Decoding: Sendable {
        /// Here, in this process (the tests, the benchmark).
        case inProcess
        /// In a `PageWorker`: `executable` run again with `PageWorker.argument`.
        case worker(executable: String)
    }

    /// Why a PDF or TIFF gave no pages to read.
    package enum PageFailure: Error {
        /// The library could not open it.
        case unopenable
        /// The worker did not open it within `pageSeconds`.
        case tooSlow
    }

    /// The path as given, its bytes that are not UTF-8 held as `EscapedBytes`.
    package let path: String
    /// The path as messages, the gradebook and the review page name it (`DisplayName`).
    package let name: String
    /// What the file is.
    package let format: Format
    /// How many pages it has.
    package let pageCount: Int
    private let decoding: Decoding
    private var source: Pages

    /// The pages as they are decoded.
    private enum Pages {
        case here(PageDecoder, next: Int)
        case worker(WorkerPages)
    }

    /// Opens `path` and counts its pages. Fails with `missingInput` (66) when it cannot be read,
    /// and `badData` (65) when it is no format the scanner reads, cannot be opened, or has no
    /// page or more than `maximumPages`.
    package init(path: String, decoding: Decoding = .inProcess) throws(ShapeTurnsError) {
        self.path = path
        name = DisplayName.escaped(path)
        self.decoding = decoding
        let head = try BoundedFileReader.read(
            pathBytes: EscapedBytes.bytes(path), limit: Self.byteLimit, describedAs: "\(.scans, name)", prefixCount: 8,
            narrowing: { _ in nil })
        guard let format = Format(head: head) else {
            throw .badData(location: name, reason: "not a PDF, TIFF, JPEG or PNG scan")
        }
        self.format = format
        do throws(PageFailure) {
            source = try Self.open(path, format: format, from: 0, decoding: decoding)
        } catch .tooSlow {
            throw .badData(
                location: name,
                reason: "a \(format.name) \(format.library) did not open within \(Self.pageSeconds) s, the limit a page"
            )
        } catch {
            throw .badData(location: name, reason: "a \(format.name) \(format.library) cannot open")
        }
        switch source {
        case .here(let decoder, _): pageCount = decoder.count
        case .worker(let worker): pageCount = worker.count
        }
        guard pageCount > 0 else {
            throw .badData(location: name, reason: "a \(format.name) with no page in it; nothing to read")
        }
        guard pageCount <= Self.maximumPages else {
            throw .badData(
                location: name,
                reason:
                    "a \(format.name) of \(pageCount) pages; scan reads at most \(Self.maximumPages) a file (split the pile)"
            )
        }
    }

    private static func open(_ path: String, format: Format, from first: Int, decoding: Decoding)
        throws(PageFailure) -> Pages
    {
        switch decoding {
        case .inProcess:
            .here(try PageDecoder(path: path, format: format), next: first)
        case .worker(let executable):
            .worker(try WorkerPages(executable: executable, path: path, format: format, first: first))
        }
    }

    /// Decodes the pages in order, one at a time, handing each to `body` with its index (0-based):
    /// a page refused by a bound is its refusal. A page that ends its worker (past the time or
    /// memory limit) is the file's last: its refusal says how many pages after it were not read.
    /// Fails with `badData` (65), one line naming the first page's refusal, when not one page of
    /// the file decodes: such a file is refused, never read as a class of absent students.
    package func forEachPage(_ body: (Int, Result<GrayImage, PageRefusal>) -> Void) throws(ShapeTurnsError) {
        var decoded = false
        var firstRefusal: (index: Int, refusal: PageRefusal)?
        while let (index, page) = nextPage() {
            if case .failure(let refusal) = page {
                firstRefusal = firstRefusal ?? (index, refusal)
            } else {
                decoded = true
            }
            body(index, page)
        }
        if !decoded, let (index, refusal) = firstRefusal {
            throw .badData(
                location: name, reason: "page \(index + 1): \(refusal.reason); no page of the file could be read")
        }
    }

    /// Page `index` decoded again (a page read before, when a later copy of it disagrees).
    package func page(at index: Int) -> Result<GrayImage, PageRefusal> {
        guard index >= 0, index < pageCount else { return .failure(.undecodable(by: format.library)) }
        switch decoding {
        case .inProcess:
            if case .here(let decoder, _) = source { return decoder.page(at: index) }
            return .failure(.undecodable(by: format.library))
        case .worker:
            guard case .worker(let worker)? = try? Self.open(path, format: format, from: index, decoding: decoding),
                let (_, page) = worker.nextPage()
            else { return .failure(.undecodable(by: format.library)) }
            return page
        }
    }

    /// Every page at once, `nil` where one is refused: for a test's few pages; scans are read
    /// with `forEachPage`, a page at a time.
    package var pages: [GrayImage?] {
        (0..<pageCount).map { try? page(at: $0).get() }
    }

    /// The next page and its index, its refusal extended when it ended the worker early.
    private func nextPage() -> (Int, Result<GrayImage, PageRefusal>)? {
        switch source {
        case .here(let decoder, let next):
            guard next < pageCount else { return nil }
            source = .here(decoder, next: next + 1)
            return (next, decoder.page(at: next))
        case .worker(let worker):
            guard let (index, page) = worker.nextPage() else { return nil }
            guard case .failure(let refusal) = page, worker.stoppedEarly else {
                return (index, page)
            }
            let unread = pageCount - index - 1
            return (
                index,
                .failure(
                    PageRefusal(
                        "\(refusal.reason); the file's \(unread) page\(unread == 1 ? "" : "s") after it "
                            + "\(unread == 1 ? "was" : "were") not read"))
            )
        }
    }
}
