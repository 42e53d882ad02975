/// A dithered 1-bit page (a copier's black-and-white TIFF made by error diffusion) made into the
/// grey page the reader measures.
///
/// Every pixel of such a page is black or white: the paper's grey, a light stroke and the edges
/// of every line are drawn as scattered dots. The reader measures each box's grey against the
/// paper around it, so the dots read as ink or grain (most turns were flagged), and a blank back
/// holds more dark pixels than the blank test allows (it was refused, not skipped). Read through a
/// low-pass filter of about `sigmaPoints`, never under `leastSigmaPixels` (a Gaussian, as box
/// blurs), the dots become the grey they stand for, as on a grey scan. A thresholded 1-bit page
/// (white paper, hardly a dot alone) is read as it is, as before. What the filter leaves too light
/// to see in a box is looked for again in the dots themselves (`DitheredInk`).
package enum BilevelScan {
    /// The filter's width, in points on the page.
    package static let sigmaPoints = 0.6

    /// The least width, in pixels, of the filter the boxes are read through: error diffusion's
    /// grain is a pattern of single pixels at any resolution, and under about 2 pixels it stays
    /// grain. At 150 and 200 dpi this is more than `sigmaPoints` (1.25 and 1.67 pixels).
    package static let leastSigmaPixels = 2.0

    /// The share of a page's pixels that are black dots alone (no black pixel left, right, above
    /// or below them) from which the page is taken as dithered. A thresholded copy has almost none
    /// (under 1 in 5,000 in the outside check's copies: where the grey was just at the
    /// threshold); dithered paper of 0.86–0.98 of white, 2–14%.
    package static let ditheredDotShare = 0.001

    /// A dithered page filtered twice: `marks` for the corner tags, the page code and the blank
    /// test, `boxes` for the ink in the answer boxes.
    package struct Filtered: Sendable {
        /// Through `GrayImage.blurred(sigma:)` of `sigmaPoints`, whose three boxes overshoot (at 150
        /// and 200 dpi its σ is 2.45 pixels, 1.2 and 0.9 pt): what the tags and the code have
        /// always been read on. The grain left on the finer page slows the tag detector (read
        /// there, the dithered benchmark read 4.9 pages/s at 200 dpi instead of 6.7), and there is
        /// nothing finer in a tag or a code square to gain.
        package let marks: GrayImage
        /// Through `boxRadii(sigma:)` of `sigmaPoints`, never under `leastSigmaPixels`: a thin
        /// pen's stroke stays a stroke with paper either side of it in the box.
        package let boxes: GrayImage
    }

    /// What kind of page an image is: told by one pass over a 1-bit page's pixels and another for
    /// its dots; on a grey page the first pass stops at the first grey pixel.
    package enum Kind: Sendable {
        /// Some pixel is neither black nor white: a grey scan or a photo (a 1-bit page that came in
        /// grey is found by `GreyedBilevel` first).
        case grey
        /// Every pixel black or white, with white paper (a copier's threshold): read as it is.
        case thresholded
        /// Every pixel black or white, with at least `ditheredDotShare` of them black dots
        /// standing alone (error diffusion): read through `Filtered`.
        case dithered(Filtered)

        /// The filtered page of a dithered page; `nil` for any other.
        package var filtered: Filtered? {
            if case .dithered(let filtered) = self { filtered } else { nil }
        }
    }

    /// The kind of `image`, filtered for reading when it is a dithered 1-bit page.
    package static func kind(of image: GrayImage) -> Kind {
        guard isBilevel(image) else { return .grey }
        guard isDithered(image) else { return .thresholded }
        return .dithered(filtered(image))
    }

    /// `image` through the two filters a dithered page is read through. A dithered page that
    /// came in grey (`GreyedBilevel`) is filtered as it came, so that a grey scan taken for one
    /// keeps its light marks; its JPEG's dots filtered are the grey its 1-bit dots stand for.
    package static func filtered(_ image: GrayImage) -> Filtered {
        // A copier's page is about as tall as A4's 842 points, or a little more with the glass
        // around it, so its pixels a point are told by its longer side.
        let pixelsPerPoint = Double(max(image.width, image.height)) / 842
        return Filtered(
            marks: image.blurred(sigma: sigmaPoints * pixelsPerPoint),
            boxes: image.boxBlurred(radii: boxRadii(sigma: max(leastSigmaPixels, sigmaPoints * pixelsPerPoint))))
    }

    /// Two or three passes of one box whose blur is nearest a Gaussian of `sigma` pixels (a pass
    /// of a box `2r + 1` pixels wide adds `r(r + 1) / 3` to the variance; three on a tie): 2
    /// pixels, at 150 and 200 dpi, is two passes of a 5-pixel box; 0.6 pt at 300 dpi (2.5 pixels)
    /// three (2.45).
    static func boxRadii(sigma: Double) -> [Int] {
        let variance = sigma * sigma
        var best = (radius: 1, passes: 3, error: Double.infinity)
        for passes in [3, 2] {
            var radius = 1
            while true {
                let error = abs(Double(passes * radius * (radius + 1)) / 3 - variance)
                if error < best.error { best = (radius, passes, error) }
                if Double(passes * radius * (radius + 1)) / 3 > variance { break }
                radius += 1
            }
        }
        return Array(repeating: best.radius, count: best.passes)
    }

    /// Whether every pixel of `image` is black or white (0 or 255): a 1-bit page, thresholded or
    /// dithered.
    static func isBilevel(_ image: GrayImage) -> Bool {
        image.pixels.allSatisfy { $0 == 0 || $0 == 255 }
    }

    /// Whether at least `ditheredDotShare` of the pixels of `image`, a 1-bit page, are black dots
    /// standing alone.
    private static func isDithered(_ image: GrayImage) -> Bool {
        let width = image.width
        let height = image.height
        guard width > 2, height > 2, image.pixels.count == width * height else { return false }
        var dots = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 1..<(height - 1) {
                let row = y * width
                for x in 1..<(width - 1) where pixels[row + x] == 0 {
                    if pixels[row + x - 1] != 0, pixels[row + x + 1] != 0, pixels[row + x - width] != 0,
                        pixels[row + x + width] != 0
                    {
                        dots += 1
                    }
                }
            }
        }
        return Double(dots) >= ditheredDotShare * Double(width * height)
    }
}
