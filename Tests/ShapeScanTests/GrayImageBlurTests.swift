import ShapeScan
import Testing

/// `GrayImage.blurred` gives, bit for bit, the three box blurs it stands for (a scan's reading and
/// a synthetic page's degradation must not change with how fast it is done).
struct GrayImageBlurTests {
    @Test(arguments: [(1, 1, 0.5), (7, 3, 2), (31, 17, 2), (40, 25, 4), (5, 60, 4)])
    func blurIsThreeBoxBlursExactly(width: Int, height: Int, sigma: Double) {
        let image = Self.noise(width: width, height: height)
        let radius = max(1, Int((sigma * sigma + 1).squareRoot().rounded()))
        #expect(image.blurred(sigma: sigma).pixels == Self.reference(image, radii: [radius, radius, radius]))
    }

    /// Any passes of any boxes (a dithered page is filtered by boxes of two widths, `BilevelScan`).
    @Test(arguments: [(1, 1, [2, 2]), (7, 3, [2, 1]), (31, 17, [2, 2, 2]), (40, 25, [3, 2, 1]), (5, 60, [1])])
    func boxBlurIsItsPassesExactly(width: Int, height: Int, radii: [Int]) {
        let image = Self.noise(width: width, height: height)
        #expect(image.boxBlurred(radii: radii).pixels == Self.reference(image, radii: radii))
    }

    static func noise(width: Int, height: Int) -> GrayImage {
        var state: UInt32 = 12345
        let pixels = (0..<(width * height)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The blur written plainly: for each radius, a box of `2r + 1` pixels across, then down,
    /// edges extended, each mean rounded down.
    static func reference(_ image: GrayImage, radii: [Int]) -> [UInt8] {
        let w = image.width
        let h = image.height
        var values = image.pixels.map(Int.init)
        for radius in radii {
            var next = values
            for y in 0..<h {
                for x in 0..<w {
                    let sum = (-radius...radius).reduce(0) { $0 + values[y * w + min(w - 1, max(0, x + $1))] }
                    next[y * w + x] = sum / (2 * radius + 1)
                }
            }
            for y in 0..<h {
                for x in 0..<w {
                    let sum = (-radius...radius).reduce(0) { $0 + next[min(h - 1, max(0, y + $1)) * w + x] }
                    values[y * w + x] = sum / (2 * radius + 1)
                }
            }
        }
        return values.map { UInt8($0) }
    }
}
