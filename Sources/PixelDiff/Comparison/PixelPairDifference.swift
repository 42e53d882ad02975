/// The channel differences of two pixels as pixelmatch 7 and later take them: the plain
/// differences when both are opaque, otherwise the differences after blending each onto the
/// same background, folded into one division per channel
/// (`(c₁·a₁ − c₂·a₂ − background·(a₁ − a₂)) ÷ 255`).
enum PixelPairDifference {
    /// Red, green and blue differences of `first` less `second`; `background` is asked for only
    /// when a pixel is not opaque.
    @inline(__always)
    static func channels(
        _ first: UInt32, _ second: UInt32, background: @autoclosure () -> (red: Int, green: Int, blue: Int)
    ) -> (Double, Double, Double) {
        let (r1, g1, b1, a1) = bytes(first)
        let (r2, g2, b2, a2) = bytes(second)
        guard a1 < 255 || a2 < 255 else {
            return (Double(r1 - r2), Double(g1 - g2), Double(b1 - b2))
        }
        let behind = background()
        let alphaDelta = a1 - a2
        return (
            Double(r1 * a1 - r2 * a2 - behind.red * alphaDelta) / 255,
            Double(g1 * a1 - g2 * a2 - behind.green * alphaDelta) / 255,
            Double(b1 * a1 - b2 * a2 - behind.blue * alphaDelta) / 255
        )
    }

    /// A packed pixel's red, green, blue and alpha.
    @inline(__always)
    static func bytes(_ pixel: UInt32) -> (Int, Int, Int, Int) {
        (Int(pixel & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel >> 16 & 0xFF), Int(pixel >> 24))
    }
}
