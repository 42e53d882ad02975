/// Why one page of a scan file was not decoded, with the bound it passed: the line on stderr and
/// the review page says it after the file and page (`pile.pdf page 3: not read: …`).
package struct PageRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was refused and the limit, as a clause.
    package let reason: String

    package init(_ reason: String) {
        self.reason = reason
    }

    package var description: String { reason }

    /// A page of `width × height` pixels, or `nil` when it is within `ScanFile.maximumSide` and
    /// `ScanFile.maximumPixels`: checked before any of its pixels is decoded.
    package static func size(width: Int, height: Int, what: String = "a page") -> PageRefusal? {
        guard
            width > ScanFile.maximumSide || height > ScanFile.maximumSide
                || width.multipliedReportingOverflow(by: height).partialValue > ScanFile.maximumPixels
                || width.multipliedReportingOverflow(by: height).overflow
        else { return nil }
        return PageRefusal(
            "\(what) of \(width) x \(height) pixels, more than scan decodes (at most \(ScanFile.maximumSide) "
                + "pixels a side and \(ScanFile.maximumPixels / 1_000_000) megapixels a page)")
    }

    /// A page `library` cannot decode.
    package static func undecodable(by library: String) -> PageRefusal {
        PageRefusal("\(library) cannot decode it")
    }

    /// A page whose decoding ran past `ScanFile.pageSeconds`.
    package static let tooSlow = PageRefusal(
        "decoding it took more than \(ScanFile.pageSeconds) s, the limit a page (too many drawings, or an image bomb)")

    /// A page whose decoder stopped: it needed more than `ScanFile.decoderMemory`, or the library
    /// failed on it.
    package static let decoderStopped = PageRefusal(
        "its decoder stopped (a page may take at most \(ScanFile.decoderMemory >> 20) MiB to decode: "
            + "an image bomb or a damaged file)")
}
