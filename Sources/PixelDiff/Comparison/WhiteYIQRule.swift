/// pixelmatch 5 and 6 (and pixelmatch-py): YIQ distance with semi-transparent pixels blended
/// onto white, each pixel converted before the two are subtracted. `checkerboard: false`.
struct WhiteYIQRule: PixelRule {
    /// The largest accepted squared YIQ distance, `35215 × threshold²`.
    let maxDelta: Double

    @inline(__always)
    func backdrop(atPixel index: Int) -> Int {
        0
    }

    func backdrops(pixelCount: Int) -> UInt16 {
        1
    }

    @inline(__always)
    func difference(_ first: UInt32, _ second: UInt32, backdrop: Int) -> Int {
        let delta = YIQColorDelta.signedSquared(first, second)
        guard abs(delta) > maxDelta else { return 0 }
        return delta < 0 ? -1 : 1
    }

    /// The centre's brightness, computed once for its 8 neighbours (bit for bit the same steps).
    @inline(__always)
    func centre(_ pixel: UInt32, atPixel index: Int) -> Double {
        YIQColorDelta.brightness(pixel)
    }

    @inline(__always)
    func brightnessStep(from centre: Double, to neighbour: UInt32) -> Double {
        centre - YIQColorDelta.brightness(neighbour)
    }

    @inline(__always)
    func fadedPixel(_ pixel: UInt32, alpha: Double) -> UInt32 {
        Self.opaqueGrey(YIQColorDelta.fadedGrey(pixel, alpha: alpha, productFirst: true))
    }
}
