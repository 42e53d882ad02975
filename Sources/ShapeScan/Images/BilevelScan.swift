/// A dithered 1-bit page (a copier's black-and-white TIFF made by error diffusion) made into the
/// grey page the reader measures.
///
/// Every pixel of such a page is black or white: the paper's grey, a light stroke and the edges
/// of every line are drawn as scattered dots. The reader measures each box's grey against the
/// paper around it, so the dots read as ink or grain (most turns were flagged), and a blank back
/// holds more dark pixels than the blank test allows (it was refused, not skipped). Read through a
/// low-pass filter of about `sigmaPoints` (a Gaussian, as three box blurs), the dots become the
/// grey they stand for, as on a grey scan. A thresholded 1-bit page (white paper, hardly a dot
/// alone) is read as it is, as before. What the filter leaves too light to see in a box is looked
/// for again in the dots themselves (`DitheredInk`).
package enum BilevelScan {
    /// The filter's width, in points on the page (`GrayImage.blurred` rounds it to whole pixels).
    package static let sigmaPoints = 0.6

    /// The share of a page's pixels that are black dots alone (no black pixel left, right, above
    /// or below them) from which the page is taken as dithered. A thresholded copy has almost none
    /// (under 1 in 5,000 in the outside check's copies: where the grey was just at the
    /// threshold); dithered paper of 0.86–0.98 of white, 2–14%.
    package static let ditheredDotShare = 0.001

    /// `image` filtered for reading when it is a dithered 1-bit page; `nil` for any other page
    /// (grey, or 1-bit thresholded, whose paper is white and which is read as it is).
    package static func smoothedIfDithered(_ image: GrayImage) -> GrayImage? {
        guard isDithered(image) else { return nil }
        // A copier's page is about as tall as A4's 842 points, or a little more with the glass
        // around it, so its pixels a point are told by its longer side.
        let pixelsPerPoint = Double(max(image.width, image.height)) / 842
        return image.blurred(sigma: sigmaPoints * pixelsPerPoint)
    }

    /// Whether every pixel of `image` is black or white (0 or 255) and at least
    /// `ditheredDotShare` of them are black dots standing alone.
    static func isDithered(_ image: GrayImage) -> Bool {
        let width = image.width
        let height = image.height
        guard width > 2, height > 2, image.pixels.count == width * height,
            image.pixels.allSatisfy({ $0 == 0 || $0 == 255 })
        else { return false }
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
