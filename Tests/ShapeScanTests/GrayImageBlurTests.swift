import ShapeScan
import Testing

/// `GrayImage.blurred` gives, bit for bit, the three box blurs it stands for (a scan's reading and
/// a synthetic page's degradation must not change with how fast it is done).
struct GrayImageBlurTests {
    @Test(arguments: [(1, 1, 0.5), (7, 3, 2), (31, 17, 2), (40, 25, 4), (5, 60, 4)])
    func blurIsThreeBoxBlursExactly(width: Int, height: Int, sigma: Double) {
        var state: UInt32 = 12345
        let pixels = (0..<(width * height)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        let image = GrayImage(width: width, height: height, pixels: pixels)
        #expect(image.blurred(sigma: sigma).pixels == Self.reference(image, sigma: sigma))
    }

    /// The blur written plainly: a box of `2r + 1` pixels across, then down, three times, edges
    /// extended, each mean rounded down.
    static func reference(_ image: GrayImage, sigma: Double) -> [UInt8] {
        let radius = max(1, Int((sigma * sigma + 1).squareRoot().rounded()))
        let w = image.width
        let h = image.height
        var values = image.pixels.map(Int.init)
        for _ in 0..<3 {
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
