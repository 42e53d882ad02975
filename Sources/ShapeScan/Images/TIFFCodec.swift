import CLibTIFF
import Foundation

/// Multi-page 1-bit G4 TIFF writing through libtiff, for the tests' copier profile; `TIFFPages`
/// reads.
package enum TIFFCodec {
    private static let quiet: Void = {
        TIFFSetErrorHandler(nil)
        TIFFSetWarningHandler(nil)
    }()

    /// Keeps libtiff's errors and warnings off stderr: a page it cannot read is said once, by scan.
    package static func silenceLibrary() {
        _ = quiet
    }

    /// Writes `pages` as one multi-page TIFF at `path`, each page thresholded at 128 to 1 bit and
    /// compressed with CCITT G4, at `dpi`. Returns whether it worked.
    package static func writeG4(_ pages: [GrayImage], dpi: Double, toPath path: String) -> Bool {
        _ = quiet
        guard let tiff = TIFFOpen(path, "w") else { return false }
        defer { TIFFClose(tiff) }
        for page in pages {
            set(tiff, TIFFTAG_IMAGEWIDTH, UInt32(page.width))
            set(tiff, TIFFTAG_IMAGELENGTH, UInt32(page.height))
            set(tiff, TIFFTAG_BITSPERSAMPLE, UInt32(1))
            set(tiff, TIFFTAG_SAMPLESPERPIXEL, UInt32(1))
            set(tiff, TIFFTAG_COMPRESSION, UInt32(COMPRESSION_CCITTFAX4))
            set(tiff, TIFFTAG_PHOTOMETRIC, UInt32(PHOTOMETRIC_MINISWHITE))
            set(tiff, TIFFTAG_FILLORDER, UInt32(FILLORDER_MSB2LSB))
            set(tiff, TIFFTAG_ROWSPERSTRIP, UInt32(page.height))
            set(tiff, TIFFTAG_RESOLUTIONUNIT, UInt32(RESUNIT_INCH))
            _ = withVaList([dpi]) { TIFFVSetField(tiff, UInt32(TIFFTAG_XRESOLUTION), $0) }
            _ = withVaList([dpi]) { TIFFVSetField(tiff, UInt32(TIFFTAG_YRESOLUTION), $0) }
            let rowBytes = (page.width + 7) / 8
            var row = [UInt8](repeating: 0, count: rowBytes)
            for y in 0..<page.height {
                for index in row.indices { row[index] = 0 }
                for x in 0..<page.width where page.pixels[y * page.width + x] < 128 {
                    row[x >> 3] |= 0x80 >> UInt8(x & 7)
                }
                let written = row.withUnsafeMutableBytes { TIFFWriteScanline(tiff, $0.baseAddress, UInt32(y), 0) }
                guard written == 1 else { return false }
            }
            guard TIFFWriteDirectory(tiff) == 1 else { return false }
        }
        return true
    }

    private static func set(_ tiff: OpaquePointer, _ tag: Int32, _ value: UInt32) {
        _ = withVaList([value]) { TIFFVSetField(tiff, UInt32(tag), $0) }
    }
}
