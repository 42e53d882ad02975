import CLibTIFF
import ShapeTurnsCore

/// A multi-page TIFF's pages through libtiff, decoded one at a time to grey, whatever the
/// compression (1-bit CCITT G4 from a copier, 8-bit grey, RGB): each directory's width and height
/// are checked against the budget before its pixels are read.
package final class TIFFPages {
    private let tiff: OpaquePointer
    /// How many pages (directories) the file has, counted without decoding any.
    package let count: Int

    /// Opens the TIFF at `path`; fails with `unopenable`.
    package init(path: String) throws(ScanFile.PageFailure) {
        TIFFCodec.silenceLibrary()
        guard let tiff = TIFFOpen(EscapedBytes.cString(path), "r") else { throw .unopenable }
        self.tiff = tiff
        count = Int(TIFFNumberOfDirectories(tiff))
    }

    deinit {
        TIFFClose(tiff)
    }

    /// Page `index` (0-based) in grey, or why it was not decoded: a page libtiff reports an error
    /// on (a strip cut short) is refused, not read as far as it goes.
    package func page(at index: Int) -> Result<GrayImage, PageRefusal> {
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard index >= 0, index < count, TIFFSetDirectory(tiff, UInt32(index)) == 1,
            getField(UInt32(TIFFTAG_IMAGEWIDTH), &width), getField(UInt32(TIFFTAG_IMAGELENGTH), &height),
            width > 0, height > 0
        else { return .failure(.undecodable(by: "libtiff")) }
        if let refusal = PageRefusal.size(width: Int(width), height: Int(height)) { return .failure(refusal) }
        var raster = [UInt32](repeating: 0, count: Int(width) * Int(height))
        let status = raster.withUnsafeMutableBufferPointer { buffer in
            TIFFReadRGBAImageOriented(tiff, width, height, buffer.baseAddress, ORIENTATION_TOPLEFT, 1)
        }
        guard status == 1 else { return .failure(.undecodable(by: "libtiff")) }
        return .success(GrayImage(width: Int(width), height: Int(height), pixels: raster.map(Self.luma)))
    }

    /// The grey of one of libtiff's ABGR pixels.
    private static func luma(_ pixel: UInt32) -> UInt8 {
        let red = Int(pixel & 0xFF)
        let green = Int(pixel >> 8 & 0xFF)
        let blue = Int(pixel >> 16 & 0xFF)
        return UInt8((299 * red + 587 * green + 114 * blue) / 1000)
    }

    /// libtiff's variadic getter for one 32-bit field (image sizes may be 16 or 32 bits).
    private func getField(_ tag: UInt32, _ value: inout UInt32) -> Bool {
        withVaList([withUnsafeMutablePointer(to: &value) { $0 }]) { TIFFVGetField(tiff, tag, $0) } == 1
    }
}
