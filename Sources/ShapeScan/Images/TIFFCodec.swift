import CLibTIFF
import Foundation

/// Multi-page TIFF through libtiff: every page (directory) decoded to grey, whatever its
/// compression (1-bit CCITT G4 from a copier, 8-bit grey, RGB); and 1-bit G4 writing for the
/// tests' copier profile. The one place libtiff's handles are touched.
package enum TIFFCodec {
    /// The largest side decoded.
    package static let maximumSide = 10_000

    private static let quiet: Void = {
        TIFFSetErrorHandler(nil)
        TIFFSetWarningHandler(nil)
    }()

    /// The pages of the TIFF file at `path`, refused with `tooManyPages` above `maximumPages`
    /// before any is decoded. A page it cannot decode (or too large) is `nil` in the list, so it
    /// can be reported by its number.
    package static func pages(atPath path: String, maximumPages: Int) throws(ScanFile.PageFailure) -> [GrayImage?] {
        _ = quiet
        guard let tiff = TIFFOpen(path, "r") else { throw .unopenable }
        defer { TIFFClose(tiff) }
        let count = Int(TIFFNumberOfDirectories(tiff))
        guard count <= maximumPages else { throw .tooManyPages(count) }
        var pages: [GrayImage?] = []
        repeat {
            pages.append(currentPage(tiff))
        } while TIFFReadDirectory(tiff) == 1 && pages.count < count
        return pages
    }

    private static func currentPage(_ tiff: OpaquePointer) -> GrayImage? {
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard getField(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &width),
            getField(tiff, UInt32(TIFFTAG_IMAGELENGTH), &height),
            width > 0, height > 0, width <= maximumSide, height <= maximumSide
        else { return nil }
        var raster = [UInt32](repeating: 0, count: Int(width) * Int(height))
        let status = raster.withUnsafeMutableBufferPointer { buffer in
            TIFFReadRGBAImageOriented(tiff, width, height, buffer.baseAddress, ORIENTATION_TOPLEFT, 0)
        }
        guard status == 1 else { return nil }
        return GrayImage(
            width: Int(width), height: Int(height),
            pixels: raster.map(luma))
    }

    /// The grey of one of libtiff's ABGR pixels.
    private static func luma(_ pixel: UInt32) -> UInt8 {
        let red = Int(pixel & 0xFF)
        let green = Int(pixel >> 8 & 0xFF)
        let blue = Int(pixel >> 16 & 0xFF)
        return UInt8((299 * red + 587 * green + 114 * blue) / 1000)
    }

    /// libtiff's variadic getter for one 32-bit field (image sizes may be 16 or 32 bits).
    private static func getField(_ tiff: OpaquePointer, _ tag: UInt32, _ value: inout UInt32) -> Bool {
        withVaList([withUnsafeMutablePointer(to: &value) { $0 }]) { TIFFVGetField(tiff, tag, $0) } == 1
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
