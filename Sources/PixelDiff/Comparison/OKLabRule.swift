/// pixelmatch's main branch (unreleased, July 2026): the HyAB distance
/// (|ΔLr| + √(Δa² + Δb²)) in OKLab (Ottosson 2020) with the toe-corrected lightness Lr, so black
/// to white is 1 and `threshold` is the largest accepted distance. Semi-transparent pixels are
/// blended onto the checkerboard (or white) first. Its anti-aliasing test keeps YIQ brightness,
/// blended onto white, with equal-brightness pixels of different alpha told apart by the alpha.
struct OKLabRule: PixelRule {
    let threshold: Double
    let checkerboard: Bool

    /// Cube-rooted LMS and toe-corrected lightness of a colour.
    typealias Coordinates = (l: Double, m: Double, s: Double, lightness: Double)

    @inline(__always)
    func backdrop(atPixel index: Int) -> Int {
        checkerboard ? Checkerboard.backdrop(atPixel: index) : 0
    }

    func backdrops(pixelCount: Int) -> UInt16 {
        checkerboard ? Checkerboard.backdrops(pixelCount: pixelCount) : 1
    }

    @inline(__always)
    func difference(_ first: UInt32, _ second: UInt32, backdrop: Int) -> Int {
        let one: Coordinates
        let two: Coordinates
        if first >> 24 == 255 && second >> 24 == 255 {
            one = Self.opaqueCoordinates(first)
            two = Self.opaqueCoordinates(second)
        } else {
            let behind = checkerboard ? Checkerboard.background(ofBackdrop: backdrop) : Checkerboard.white
            one = Self.blendedCoordinates(first, onto: behind)
            two = Self.blendedCoordinates(second, onto: behind)
        }
        return hyabDifference(
            lightness: one.lightness - two.lightness, l: one.l - two.l, m: one.m - two.m, s: one.s - two.s
        )
    }

    /// 0 when the HyAB distance is within the threshold, without its square root: within iff
    /// |ΔLr| < threshold and Δa² + Δb² ≤ (threshold − |ΔLr|)². Otherwise ±1 by the lightness.
    @inline(__always)
    private func hyabDifference(lightness: Double, l: Double, m: Double, s: Double) -> Int {
        let rest = threshold - abs(lightness)
        if rest > 0 {
            let a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
            let b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
            if a * a + b * b <= rest * rest { return 0 }
        }
        return lightness > 0 ? -1 : 1
    }

    @inline(__always)
    private static func opaqueCoordinates(_ pixel: UInt32) -> Coordinates {
        let (red, green, blue, _) = PixelPairDifference.bytes(pixel)
        return coordinates(OKLabTables.linear[red], OKLabTables.linear[green], OKLabTables.linear[blue])
    }

    @inline(__always)
    private static func blendedCoordinates(_ pixel: UInt32, onto behind: (red: Int, green: Int, blue: Int))
        -> Coordinates
    {
        let (red, green, blue, alpha) = PixelPairDifference.bytes(pixel)
        return coordinates(
            OKLabTables.linear(Double(red * alpha + behind.red * (255 - alpha)) / 255),
            OKLabTables.linear(Double(green * alpha + behind.green * (255 - alpha)) / 255),
            OKLabTables.linear(Double(blue * alpha + behind.blue * (255 - alpha)) / 255)
        )
    }

    /// Linear sRGB to cube-rooted LMS, then the toe-corrected lightness, in pixelmatch's order.
    @inline(__always)
    private static func coordinates(_ red: Double, _ green: Double, _ blue: Double) -> Coordinates {
        let l = OKLabTables.cubeRoot(0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue)
        let m = OKLabTables.cubeRoot(0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue)
        let s = OKLabTables.cubeRoot(0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue)
        return (l, m, s, toe(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s))
    }

    private static let toeK1 = 0.206
    private static let toeK2 = 0.03
    private static let toeK3 = (1 + toeK1) / (1 + toeK2)

    /// Ottosson's toe: OKLab lightness to Lr, which spreads near-black less than L does.
    @inline(__always)
    private static func toe(_ lightness: Double) -> Double {
        let x = toeK3 * lightness - toeK1
        return 0.5 * (x + (x * x + 4 * toeK2 * toeK3 * lightness).squareRoot())
    }

    @inline(__always)
    func centre(_ pixel: UInt32, atPixel index: Int) -> UInt32 {
        pixel
    }

    @inline(__always)
    func brightnessStep(from centre: UInt32, to neighbour: UInt32) -> Double {
        if centre == neighbour { return 0 }
        let (dr, dg, db) = PixelPairDifference.channels(centre, neighbour, background: Checkerboard.white)
        let step = YIQColorDelta.luma(dr, dg, db)
        let alphaDelta = Int(centre >> 24) - Int(neighbour >> 24)
        return step == 0 && alphaDelta != 0 ? Double(alphaDelta) / 2 : step
    }

    @inline(__always)
    func fadedPixel(_ pixel: UInt32, alpha: Double) -> UInt32 {
        Self.opaqueGrey(YIQColorDelta.fadedGrey(pixel, alpha: alpha, productFirst: false))
    }
}
