/// pixelmatch 7.2.0, its default: YIQ distance of the channel differences, with semi-transparent
/// pixels blended onto a checkerboard (`Checkerboard`) under the compared pixel; the
/// anti-aliasing test blends onto the checkerboard under the centre pixel.
struct CheckerboardYIQRule: PixelRule {
    /// The largest accepted squared YIQ distance, `35215 × threshold²`.
    let maxDelta: Double
    /// The checkerboard of the compared images' size, looked up; `nil` computes it per pixel.
    let table: CheckerboardTable?

    /// The background under pixel `index`.
    @inline(__always)
    func background(atPixel index: Int) -> (red: Int, green: Int, blue: Int) {
        table?.background(atPixel: index) ?? Checkerboard.background(atPixel: index)
    }

    @inline(__always)
    func backdrop(atPixel index: Int) -> Int {
        table?.backdrop(atPixel: index) ?? Checkerboard.backdrop(atPixel: index)
    }

    func backdrops(pixelCount: Int) -> UInt16 {
        Checkerboard.backdrops(pixelCount: pixelCount)
    }

    @inline(__always)
    func difference(_ first: UInt32, _ second: UInt32, backdrop: Int) -> Int {
        let (dr, dg, db) = PixelPairDifference.channels(
            first, second, background: Checkerboard.background(ofBackdrop: backdrop))
        let y = YIQColorDelta.luma(dr, dg, db)
        let i = YIQColorDelta.inPhase(dr, dg, db)
        let q = YIQColorDelta.quadrature(dr, dg, db)
        guard YIQColorDelta.weighted(y, i, q) > maxDelta else { return 0 }
        return y > 0 ? -1 : 1
    }

    @inline(__always)
    func centre(_ pixel: UInt32, atPixel index: Int) -> (pixel: UInt32, background: (red: Int, green: Int, blue: Int)) {
        (pixel, background(atPixel: index))
    }

    @inline(__always)
    func brightnessStep(
        from centre: (pixel: UInt32, background: (red: Int, green: Int, blue: Int)), to neighbour: UInt32
    ) -> Double {
        if centre.pixel == neighbour { return 0 }
        let (dr, dg, db) = PixelPairDifference.channels(centre.pixel, neighbour, background: centre.background)
        return YIQColorDelta.luma(dr, dg, db)
    }

    @inline(__always)
    func fadedPixel(_ pixel: UInt32, alpha: Double) -> UInt32 {
        Self.opaqueGrey(YIQColorDelta.fadedGrey(pixel, alpha: alpha, productFirst: false))
    }
}
