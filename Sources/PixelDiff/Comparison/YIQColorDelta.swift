/// pixelmatch's colour distance (Kotsarenko and Ramos, "Measuring perceived color difference
/// using YIQ NTSC transmission color space in mobile applications"), on packed straight RGBA.
///
/// Every operation is the one pixelmatch does, in its order, in doubles, so the distances and
/// therefore the counts agree to the last bit. The pixel functions are pixelmatch 5 and 6's:
/// semi-transparent pixels blended onto white first, so a transparent pixel is white whatever
/// colour it holds. The YIQ pieces (`luma`, `inPhase`, `quadrature`, `weighted`) serve the later
/// versions' rules too, applied there to channel differences.
enum YIQColorDelta {
    /// The squared YIQ distance between two pixels (0 when they are equal), at most 35215,
    /// negative when `first` is the brighter, as pixelmatch 5 and 6 compute it: each pixel
    /// blended onto white, then converted, then subtracted.
    @inline(__always)
    static func signedSquared(_ first: UInt32, _ second: UInt32) -> Double {
        if first == second { return 0 }
        let (r1, g1, b1) = blendedOnWhite(first)
        let (r2, g2, b2) = blendedOnWhite(second)
        let y1 = luma(r1, g1, b1)
        let y2 = luma(r2, g2, b2)
        let y = y1 - y2
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = weighted(y, i, q)
        return y1 > y2 ? -delta : delta
    }

    /// The squared distance of a YIQ difference.
    @inline(__always)
    static func weighted(_ y: Double, _ i: Double, _ q: Double) -> Double {
        0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The brightness (Y) of a pixel blended onto white. pixelmatch's brightness difference of
    /// two pixels is `brightness(first) − brightness(second)`, bit for bit (equal pixels give
    /// exactly 0), so a pixel compared with its 8 neighbours needs its own computed once.
    @inline(__always)
    static func brightness(_ pixel: UInt32) -> Double {
        let (red, green, blue) = blendedOnWhite(pixel)
        return luma(red, green, blue)
    }

    /// The grey of an unchanged pixel in a diff image: its brightness blended onto white with
    /// `alpha × its own alpha`, truncated to a byte as pixelmatch's output array does.
    /// pixelmatch 5 and 6 multiply `alpha × its own alpha ÷ 255` first; 7 and later
    /// (`productFirst: false`) scale the brightness step by each in turn, which can round the
    /// last bit, and so the byte, differently.
    @inline(__always)
    static func fadedGrey(_ pixel: UInt32, alpha: Double, productFirst: Bool) -> UInt32 {
        let (red, green, blue, pixelAlpha) = channels(pixel)
        let brightness = luma(red, green, blue)
        let value =
            productFirst
            ? blend(brightness, alpha * pixelAlpha / 255)
            : 255 + (brightness - 255) * alpha * pixelAlpha / 255
        return UInt32(min(max(value, 0), 255))
    }

    @inline(__always)
    private static func blendedOnWhite(_ pixel: UInt32) -> (Double, Double, Double) {
        let (red, green, blue, alpha) = channels(pixel)
        guard alpha < 255 else { return (red, green, blue) }
        let opacity = alpha / 255
        return (blend(red, opacity), blend(green, opacity), blend(blue, opacity))
    }

    @inline(__always)
    private static func channels(_ pixel: UInt32) -> (Double, Double, Double, Double) {
        (Double(pixel & 0xFF), Double(pixel >> 8 & 0xFF), Double(pixel >> 16 & 0xFF), Double(pixel >> 24))
    }

    /// A channel blended onto white with `opacity` from 0 to 1.
    @inline(__always)
    private static func blend(_ channel: Double, _ opacity: Double) -> Double {
        255 + (channel - 255) * opacity
    }

    @inline(__always)
    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    @inline(__always)
    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    @inline(__always)
    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
