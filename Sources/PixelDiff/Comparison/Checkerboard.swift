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

    /// Which of the four backgrounds lies under the pixel at `index`: bit 0 set for light green,
    /// bit 1 for light blue.
    @inline(__always)
    static func backdrop(atPixel index: Int) -> Int {
        let background = background(atPixel: index)
        return (background.green == 207 ? 1 : 0) | (background.blue == 207 ? 2 : 0)
    }

    /// The background of `backdrop` (from `backdrop(atPixel:)`).
    @inline(__always)
    static func background(ofBackdrop backdrop: Int) -> (red: Int, green: Int, blue: Int) {
        (48, shade(backdrop & 1), shade(backdrop >> 1 & 1))
    }

    /// White, the background of pixelmatch 5 and 6 and of `checkerboard: false`.
    static let white = (red: 255, green: 255, blue: 255)

    @inline(__always)
    private static func shade(_ parity: Int) -> Int {
        48 + 159 * parity
    }

    /// JavaScript's `value | 0` for a non-negative finite `value`: truncation, then the low 32
    /// bits as a signed number (offsets past 2³¹ wrap negative there, and so here).
    @inline(__always)
    private static func truncatedToInt32(_ value: Double) -> Int {
        Int(Int32(truncatingIfNeeded: Int64(value)))
    }
}
