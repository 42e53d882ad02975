/// What a PNG file's first 24 bytes say before any pixel is decoded: the size its header
/// declares, and so the longest an honest file of that size can be. `compare` reads a file no
/// longer than that, and its pair-mode front takes exactly the files the full command takes.
package enum PNGFileBounds {
    /// The bytes of a file's start that `declaredSize(_:)` reads: signature and IHDR's size.
    package static let headerCount = 24

    /// The size a PNG's header declares, or nil when `bytes` do not start with a PNG signature
    /// and an IHDR chunk, or a side is above `RGBAImage.maximumSide` (the decoder then refuses
    /// them without allocating).
    package static func declaredSize(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= headerCount, bytes[0..<8].elementsEqual(signature), bytes[12..<16].elementsEqual(ihdr)
        else {
            return nil
        }
        func number(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let (width, height) = (number(at: 16), number(at: 20))
        guard width <= RGBAImage.maximumSide, height <= RGBAImage.maximumSide else { return nil }
        return ImageSize(width: width, height: height)
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let ihdr: [UInt8] = Array("IHDR".utf8)

    /// The largest PNG of `pixels` pixels in `rows` rows: stored uncompressed at 16 bits per RGBA
    /// sample, a filter byte a row, 1% of deflate framing and 16 MiB of other chunks.
    package static func largestFile(pixels: Int, rows: Int) -> Int {
        let raw = pixels * 8 + rows
        return raw + raw / 100 + (16 << 20)
    }
}
