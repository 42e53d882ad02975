/// The background pixelmatch 7 blends a semi-transparent pixel onto: per pixel, each channel is
/// dark (48) or light (207), chosen from the pixel's byte offset in the image so that neighbours
/// get different colours, whatever colour the pixel holds.
///
/// The arithmetic is pixelmatch's to the bit: the offset divided by φ and φ² and truncated to
/// 32 bits (JavaScript's `| 0`). Its red term is `offset % 2` of an offset that is a multiple of
/// 4, so red is always dark.
enum Checkerboard {
    /// The background's red, green and blue under the pixel at `index` (counted in pixels).
    @inline(__always)
    static func background(atPixel index: Int) -> (red: Int, green: Int, blue: Int) {
        let offset = index &* 4
        return (
            shade(offset % 2),
            shade(truncatedToInt32(Double(offset) / 1.618033988749895) % 2),
            shade(truncatedToInt32(Double(offset) / 2.618033988749895) % 2)
        )
    }

    /// Which background lies under the pixel at `index`, as a number from 0 to 8: green's shade
    /// plus 3 × blue's, each 0 for dark, 1 for light, or 2 for the -111 of an offset that wrapped
    /// (from 868,675,384 pixels on). Below that only 0, 1, 3 and 4 occur.
    @inline(__always)
    static func backdrop(atPixel index: Int) -> Int {
        let background = background(atPixel: index)
        return shadeCode(background.green) + 3 * shadeCode(background.blue)
    }

    /// The background of `backdrop` (from `backdrop(atPixel:)`).
    @inline(__always)
    static func background(ofBackdrop backdrop: Int) -> (red: Int, green: Int, blue: Int) {
        (48, shade(ofCode: backdrop % 3), shade(ofCode: backdrop / 3))
    }

    /// The backdrops (a bit each) under the pixels of an image of `pixelCount` pixels: the four
    /// of {dark, light} green and blue, or all nine once an offset can wrap.
    static func backdrops(pixelCount: Int) -> UInt16 {
        let lastOffset = max(pixelCount - 1, 0) &* 4
        return Double(lastOffset) / 1.618033988749895 < 2_147_483_648 ? 0b1_1011 : 0b1_1111_1111
    }

    /// White, the background of pixelmatch 5 and 6 and of `checkerboard: false`.
    static let white = (red: 255, green: 255, blue: 255)

    @inline(__always)
    private static func shade(_ parity: Int) -> Int {
        48 + 159 * parity
    }

    /// 0, 1 or 2 for a channel of 48, 207 or -111 (the shades of parity 0, 1 and -1).
    @inline(__always)
    private static func shadeCode(_ channel: Int) -> Int {
        channel == 48 ? 0 : channel == 207 ? 1 : 2
    }

    @inline(__always)
    private static func shade(ofCode code: Int) -> Int {
        code == 0 ? 48 : code == 1 ? 207 : -111
    }

    /// JavaScript's `value | 0` for a non-negative finite `value`: truncation, then the low 32
    /// bits as a signed number (offsets past 2³¹ wrap negative there, and so here).
    @inline(__always)
    private static func truncatedToInt32(_ value: Double) -> Int {
        Int(Int32(truncatingIfNeeded: Int64(value)))
    }
}
