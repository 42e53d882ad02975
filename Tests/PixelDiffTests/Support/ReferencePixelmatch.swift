/// mapbox/pixelmatch 7.2.0's `index.js`, line for line, on RGBA bytes: one pixel at a time, no
/// cache, no blocks, every background computed from the byte offset. `ImageComparison` arranges
/// the same work for speed; this is what it must agree with, count for count and byte for byte.
struct ReferencePixelmatch {
    var threshold = 0.1
    var alpha = 0.1
    var includeAA = false
    var diffMask = false
    var checkerboard = true
    var diffColor: (UInt8, UInt8, UInt8) = (255, 0, 0)
    var diffColorAlt: (UInt8, UInt8, UInt8)?
    let aaColor: (UInt8, UInt8, UInt8) = (255, 255, 0)

    /// The count of differing pixels, of anti-aliased ones (pixelmatch does not return it, but
    /// decides it at the same place), the indices of the first three differing pixels, and the
    /// diff image's bytes.
    func compare(_ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int) -> (
        diff: Int, antiAliased: Int, first: [Int], output: [UInt8]
    ) {
        var output = [UInt8](repeating: 0, count: width * height * 4)
        let a32 = Self.words(img1)
        let b32 = Self.words(img2)
        if a32 == b32 {
            if !diffMask {
                for pos in stride(from: 0, to: img1.count, by: 4) { drawGrayPixel(img1, pos, &output) }
            }
            return (0, 0, [], output)
        }
        let maxDelta = 35215 * threshold * threshold
        let alt = diffColorAlt ?? diffColor
        var diff = 0
        var antiAliased = 0
        var first: [Int] = []
        for i in 0..<(width * height) {
            let pos = i * 4
            let delta = a32[i] == b32[i] ? 0 : colorDelta(img1, img2, pos)
            if abs(delta) > maxDelta {
                let (x, y) = (i % width, i / width)
                let isExcludedAA =
                    !includeAA
                    && (antialiased(img1, x, y, width, height, a32, b32)
                        || antialiased(img2, x, y, width, height, b32, a32))
                if isExcludedAA {
                    antiAliased += 1
                    if !diffMask { draw(&output, pos, aaColor) }
                } else {
                    draw(&output, pos, delta < 0 ? alt : diffColor)
                    diff += 1
                    if first.count < 3 { first.append(i) }
                }
            } else if !diffMask {
                drawGrayPixel(img1, pos, &output)
            }
        }
        return (diff, antiAliased, first, output)
    }

    /// `colorDelta` of two packed pixels at pixel `index` of an image, for offsets no image in a
    /// test can reach (the checkerboard's wrapped offsets lie past 868 million pixels).
    func colorDelta(_ first: UInt32, _ second: UInt32, atPixel index: Int) -> Double {
        colorDelta(Self.bytes(first), Self.bytes(second), 0, backgroundAt: index * 4)
    }

    static func bytes(_ pixel: UInt32) -> [UInt8] {
        [UInt8(pixel & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 24)]
    }

    static func words(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count, by: 4).map { pos in
            UInt32(bytes[pos]) | UInt32(bytes[pos + 1]) << 8 | UInt32(bytes[pos + 2]) << 16 | UInt32(bytes[pos + 3])
                << 24
        }
    }

    private func antialiased(
        _ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int, _ a32: [UInt32], _ b32: [UInt32]
    ) -> Bool {
        let (x0, y0) = (max(x1 - 1, 0), max(y1 - 1, 0))
        let (x2, y2) = (min(x1 + 1, width - 1), min(y1 + 1, height - 1))
        let pos4 = (y1 * width + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var (minimum, maximum) = (0.0, 0.0)
        var (minX, minY, maxX, maxY) = (0, 0, 0, 0)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = brightnessDelta(img, pos4, (y * width + x) * 4)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    (minimum, minX, minY) = (delta, x, y)
                } else if delta > maximum {
                    (maximum, maxX, maxY) = (delta, x, y)
                }
            }
        }
        if minimum == 0 || maximum == 0 { return false }
        return (hasManySiblings(a32, minX, minY, width, height) && hasManySiblings(b32, minX, minY, width, height))
            || (hasManySiblings(a32, maxX, maxY, width, height) && hasManySiblings(b32, maxX, maxY, width, height))
    }

    private func hasManySiblings(_ img: [UInt32], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let (x0, y0) = (max(x1 - 1, 0), max(y1 - 1, 0))
        let (x2, y2) = (min(x1 + 1, width - 1), min(y1 + 1, height - 1))
        let value = img[y1 * width + x1]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                zeroes += value == img[y * width + x] ? 1 : 0
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// The background channels under byte offset `k`.
    private func background(_ k: Int) -> (Double, Double, Double) {
        guard checkerboard else { return (255, 255, 255) }
        return (
            Double(48 + 159 * (k % 2)),
            Double(48 + 159 * (Int(Int32(truncatingIfNeeded: Int64(Double(k) / 1.618033988749895))) % 2)),
            Double(48 + 159 * (Int(Int32(truncatingIfNeeded: Int64(Double(k) / 2.618033988749895))) % 2))
        )
    }

    /// pixelmatch's `colorDelta(img1, img2, k, k, checkerboard)`, the background taken at byte
    /// offset `backgroundAt` when given (`k` in pixelmatch).
    private func colorDelta(_ img1: [UInt8], _ img2: [UInt8], _ k: Int, backgroundAt offset: Int? = nil) -> Double {
        let (r1, g1, b1, a1) = (Double(img1[k]), Double(img1[k + 1]), Double(img1[k + 2]), Double(img1[k + 3]))
        let (r2, g2, b2, a2) = (Double(img2[k]), Double(img2[k + 1]), Double(img2[k + 2]), Double(img2[k + 3]))
        var (dr, dg, db) = (r1 - r2, g1 - g2, b1 - b2)
        let da = a1 - a2
        if a1 < 255 || a2 < 255 {
            let (rb, gb, bb) = background(offset ?? k)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    private func brightnessDelta(_ img: [UInt8], _ k: Int, _ m: Int) -> Double {
        let (r1, g1, b1, a1) = (Double(img[k]), Double(img[k + 1]), Double(img[k + 2]), Double(img[k + 3]))
        let (r2, g2, b2, a2) = (Double(img[m]), Double(img[m + 1]), Double(img[m + 2]), Double(img[m + 3]))
        var (dr, dg, db) = (r1 - r2, g1 - g2, b1 - b2)
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let (rb, gb, bb) = background(k)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    private func draw(_ output: inout [UInt8], _ pos: Int, _ color: (UInt8, UInt8, UInt8)) {
        (output[pos], output[pos + 1], output[pos + 2], output[pos + 3]) = (color.0, color.1, color.2, 255)
    }

    private func drawGrayPixel(_ img: [UInt8], _ i: Int, _ output: inout [UInt8]) {
        let brightness = Double(img[i]) * 0.29889531 + Double(img[i + 1]) * 0.58662247 + Double(img[i + 2]) * 0.11448223
        let value = 255 + (brightness - 255) * alpha * Double(img[i + 3]) / 255
        let byte = UInt8(min(max(value, 0), 255))
        draw(&output, i, (byte, byte, byte))
    }
}
