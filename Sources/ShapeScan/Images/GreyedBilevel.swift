/// A 1-bit page that reaches the reader in grey, made 1-bit again.
///
/// A copier's black-and-white scan is not always written as 1-bit pixels: it can be saved as a
/// grey JPEG (on its own or inside a PDF), or be a phone app's black-and-white "scan", scaled.
/// Such a page still holds only what was darker than the copier's threshold. Read as a grey scan,
/// the few black dots a threshold left of a pencil tick looked like dust in an empty box, and its
/// student was not named in the 1-bit note. (poppler draws a 1-bit image that does not fill its
/// PDF page nearest-neighbour: that page stays black and white.)
///
/// Its grey lies only where black meets white: every pixel between `dark` and `light` has both
/// within `reach` pixels, and there are few of them. On the outside check's pages at 200 dpi:
///
/// | pages | between dark and light | of them, not on an edge |
/// |---|---|---|
/// | 1-bit, as a grey JPEG of quality 50–90, or scaled by 0.7–1.3 | 0.26–0.78% | 0–4.4 in 10,000 pixels |
/// | grey copier scans of the default worksheet (grey shapes) | 9–15% | 850–1,450 in 10,000 |
/// | phone photos | 18–72% | 1,700–7,200 in 10,000 |
///
/// A grey scan can be taken for one: a worksheet printed with black or no fill, scanned with the
/// paper suppressed to white and the contrast raised, measured 5.5–14 in 10,000. So the page made
/// 1-bit here only tells the page's kind (thresholded or dithered, `BilevelScan`) and where the
/// copier's threshold left black pixels (`ThresholdedInk`, `DitheredInk`); the boxes are still
/// read in the grey the page came in (a dithered one's through its filters), and a mark in that
/// grey is never lost.
package enum GreyedBilevel {
    /// Pixels darker than this are black.
    static let dark: UInt8 = 64
    /// Pixels at least this light are white.
    static let light: UInt8 = 192
    /// How far, in pixels, black and white are looked for around a pixel between them.
    static let reach = 2
    /// The most of a page's pixels that may lie between `dark` and `light`.
    package static let edgeShare = 0.03
    /// The most of a page's pixels that may lie between `dark` and `light` without black and white
    /// both within `reach`.
    package static let strayShare = 0.001

    /// `image` made 1-bit (black under 128, else white) when it is a 1-bit page in grey; `nil` when
    /// it is grey in its own right or already holds only black and white. A page whose every pixel
    /// is near black or near white (a JPEG's noise on a 1-bit page) is one in grey.
    package static func restored(_ image: GrayImage) -> GrayImage? {
        let width = image.width
        let height = image.height
        let count = width * height
        guard width > 2 * reach, height > 2 * reach, image.pixels.count == count else { return nil }
        let mostBetween = Int(edgeShare * Double(count))
        let mostStray = Int(strayShare * Double(count))
        let greyed = image.pixels.withUnsafeBufferPointer { pixels -> Bool in
            var between = 0
            var blackAndWhite = true
            for pixel in pixels where pixel != 0 && pixel != 255 {
                blackAndWhite = false
                guard pixel >= dark, pixel < light else { continue }
                between += 1
                if between > mostBetween { return false }
            }
            guard !blackAndWhite else { return false }
            var stray = 0
            for y in 0..<height {
                let rows = max(0, y - reach)...min(height - 1, y + reach)
                for x in 0..<width {
                    let pixel = pixels[y * width + x]
                    guard pixel >= dark, pixel < light else { continue }
                    var black = false
                    var white = false
                    for row in rows {
                        for column in max(0, x - reach)...min(width - 1, x + reach) {
                            let near = pixels[row * width + column]
                            if near < dark { black = true } else if near >= light { white = true }
                        }
                    }
                    if !(black && white) {
                        stray += 1
                        if stray > mostStray { return false }
                    }
                }
            }
            return true
        }
        guard greyed else { return nil }
        return GrayImage(width: width, height: height, pixels: image.pixels.map { $0 < 128 ? 0 : 255 })
    }
}
