/// One version of pixelmatch's arithmetic for a pair of pixels: whether their colours differ
/// beyond the threshold, the brightness steps its anti-aliasing test walks, and the grey of an
/// unchanged pixel in the diff image. `ImageComparison` and `AntiAliasingDetector` are generic
/// over it, so each rule gets a loop of its own with nothing decided per pixel.
protocol PixelRule: Sendable {
    /// What the anti-aliasing test keeps of the pixel at the centre of its 3×3 block.
    associatedtype Centre

    /// 0 when the different pixels `first` and `second`, on `backdrop`, match within the
    /// threshold; otherwise 1, or -1 when `second` is the darker (pixelmatch's negative delta,
    /// drawn in the alternative colour). Two opaque pixels get the same answer on every backdrop.
    func difference(_ first: UInt32, _ second: UInt32, backdrop: Int) -> Int

    /// Which background semi-transparent pixels at pixel `index` are blended onto, from 0 to 8.
    /// A verdict on two colours therefore holds for every pixel where they meet on the same
    /// backdrop.
    func backdrop(atPixel index: Int) -> Int

    /// The backdrops (bit `b` for backdrop `b`) that `backdrop(atPixel:)` gives for the pixels
    /// of an image of `pixelCount` pixels.
    func backdrops(pixelCount: Int) -> UInt16

    /// The centre pixel of an anti-aliasing test, at pixel `index`.
    func centre(_ pixel: UInt32, atPixel index: Int) -> Centre

    /// The brightness of the centre less that of `neighbour`: exactly 0 for equal pixels.
    func brightnessStep(from centre: Centre, to neighbour: UInt32) -> Double

    /// The diff image's pixel for an unchanged `pixel`: its faded grey, opaque.
    func fadedPixel(_ pixel: UInt32, alpha: Double) -> UInt32
}

extension PixelRule {
    /// An opaque grey pixel of `value` from 0 to 255.
    @inline(__always)
    static func opaqueGrey(_ value: UInt32) -> UInt32 {
        value | value << 8 | value << 16 | 0xFF00_0000
    }
}
