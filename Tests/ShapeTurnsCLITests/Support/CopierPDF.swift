import Foundation
import ShapeScan
import Testing

/// A PDF as a copier's scan-to-PDF writes it: each page one image covering it, a grey JPEG
/// (`/DCTDecode`) or a 1-bit CCITT G4 image (`/CCITTFaxDecode`, as black-and-white scans are
/// stored), at the scan's resolution. Written here, apart from the reader, so that `scan` meets
/// page images it did not make.
enum CopierPDF {
    /// One page's image: its size in pixels and its stream's dictionary entries and bytes.
    struct PageImage {
        let width: Int
        let height: Int
        let entries: String
        let stream: [UInt8]
    }

    /// `pages` as grey JPEGs of `quality`.
    static func jpeg(_ pages: [GrayImage], quality: Int) throws -> [PageImage] {
        try pages.map { page in
            let bytes = try #require(JPEGCodec.encode(page, quality: quality))
            return PageImage(
                width: page.width, height: page.height,
                entries: "/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", stream: bytes)
        }
    }

    /// The pages of a little-endian TIFF whose pages are each one strip of CCITT G4 (as
    /// `TIFFCodec.writeG4` writes them), with their compressed strips taken as they are.
    static func ccitt(fromG4TIFF tiff: [UInt8]) throws -> [PageImage] {
        func number(_ offset: Int, _ size: Int) throws -> Int {
            try #require(offset >= 0 && offset + size <= tiff.count, "TIFF field at \(offset) beyond the file")
            return (0..<size).reduce(0) { $0 | Int(tiff[offset + $1]) << (8 * $1) }
        }
        try #require(tiff.starts(with: [0x49, 0x49, 42, 0]), "not a little-endian TIFF")
        var pages: [PageImage] = []
        var directory = try number(4, 4)
        while directory != 0 {
            var fields: [Int: Int] = [:]
            let count = try number(directory, 2)
            for entry in 0..<count {
                let at = directory + 2 + 12 * entry
                let type = try number(at + 2, 2)
                try #require(try number(at + 4, 4) == 1, "a TIFF field with more than one value")
                fields[try number(at, 2)] = try number(at + 8, type == 3 ? 2 : 4)
            }
            let width = try #require(fields[256])
            let height = try #require(fields[257])
            try #require(fields[259] == 4, "not CCITT G4")
            let start = try #require(fields[273])
            let length = try #require(fields[279])
            try #require(start + length <= tiff.count)
            // A black run of G4's code shows black in a min-is-white TIFF (photometric 0) and
            // through PDF's decoder with /BlackIs1 false; min-is-black and true both show it white.
            let blackIs1 = fields[262] == 1
            pages.append(
                PageImage(
                    width: width, height: height,
                    entries: "/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode "
                        + "/DecodeParms << /K -1 /Columns \(width) /Rows \(height) /BlackIs1 \(blackIs1) >>",
                    stream: Array(tiff[start..<(start + length)])))
            directory = try number(directory + 2 + 12 * count, 4)
        }
        return pages
    }

    /// A PDF of `images`, one a page, each page the size of its image at `dpi`.
    static func bytes(_ images: [PageImage], dpi: Double) -> [UInt8] {
        // Objects 1 and 2 are the catalog and the page tree; each page adds its image, its
        // content and itself.
        var objects: [[UInt8]] = [[], []]
        var pageNumbers: [Int] = []
        for image in images {
            let width = Double(image.width) * 72 / dpi
            let height = Double(image.height) * 72 / dpi
            objects.append(
                Array(
                    "<< /Type /XObject /Subtype /Image /Width \(image.width) /Height \(image.height) \(image.entries) /Length \(image.stream.count) >>\nstream\n"
                        .utf8) + image.stream + Array("\nendstream".utf8))
            let imageNumber = objects.count
            let content = "q \(width) 0 0 \(height) 0 0 cm /Im0 Do Q"
            objects.append(Array("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8))
            objects.append(
                Array(
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources << /XObject << /Im0 \(imageNumber) 0 R >> >> /Contents \(objects.count) 0 R >>"
                        .utf8))
            pageNumbers.append(objects.count)
        }
        objects[0] = Array("<< /Type /Catalog /Pages 2 0 R >>".utf8)
        objects[1] = Array(
            "<< /Type /Pages /Kids [\(pageNumbers.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageNumbers.count) >>"
                .utf8)
        var pdf = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.count)
            pdf += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let table = pdf.count
        pdf += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            pdf += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8)
        }
        pdf += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return pdf
    }
}
