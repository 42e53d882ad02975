/// pixelmatch's anti-aliasing test, after Vysniauskas, "Anti-aliased Pixel and Intensity Slope
/// Detector" (2009): a pixel is anti-aliasing when, among its 8 neighbours, it has at most two
/// of its own colour, both a darker and a brighter one, and the darkest or the brightest of them
/// sits inside a flat area (3+ equal neighbours) in both images.
///
/// Neighbours are visited column by column, as pixelmatch does, so ties pick the same pixel.
struct AntiAliasingDetector {
    let width: Int
    let height: Int

    /// Whether the pixel at (`x`, `y`) of `image` looks like anti-aliasing, with `other` the
    /// image it is compared with.
    func isAntiAliased(
        _ image: UnsafeBufferPointer<UInt32>, x centreX: Int, y centreY: Int, other: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let x0 = max(centreX - 1, 0)
        let y0 = max(centreY - 1, 0)
        let x2 = min(centreX + 1, width - 1)
        let y2 = min(centreY + 1, height - 1)
        let centre = image[centreY * width + centreX]
        var zeroes = centreX == x0 || centreX == x2 || centreY == y0 || centreY == y2 ? 1 : 0

        // Neighbours equal to the centre have a brightness difference of exactly 0, so once
        // there are too many of them the loop below would return false whatever else it met:
        // say so without the floating point (the common case inside flat areas).
        var equal = zeroes
        for x in x0...x2 {
            for y in y0...y2 where (x != centreX || y != centreY) && image[y * width + x] == centre {
                equal += 1
                if equal > 2 { return false }
            }
        }

        let centreBrightness = YIQColorDelta.brightness(centre)
        var darkest = 0.0
        var brightest = 0.0
        var darkestX = 0
        var darkestY = 0
        var brightestX = 0
        var brightestY = 0

        for x in x0...x2 {
            for y in y0...y2 where x != centreX || y != centreY {
                let delta = centreBrightness - YIQColorDelta.brightness(image[y * width + x])
                if delta == 0 {
                    zeroes += 1
                    // More than two neighbours of its own colour: not anti-aliasing.
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestX = x
                    darkestY = y
                } else if delta > brightest {
                    brightest = delta
                    brightestX = x
                    brightestY = y
                }
            }
        }

        // Without both a darker and a brighter neighbour it is not anti-aliasing.
        if darkest == 0 || brightest == 0 { return false }

        return (hasManySiblings(image, x: darkestX, y: darkestY) && hasManySiblings(other, x: darkestX, y: darkestY))
            || (hasManySiblings(image, x: brightestX, y: brightestY) && hasManySiblings(other, x: brightestX, y: brightestY))
    }

    /// Whether the pixel at (`x`, `y`) has three or more neighbours of exactly its RGBA
    /// (a pixel on the image's edge starts with one).
    private func hasManySiblings(_ image: UnsafeBufferPointer<UInt32>, x centreX: Int, y centreY: Int) -> Bool {
        let x0 = max(centreX - 1, 0)
        let y0 = max(centreY - 1, 0)
        let x2 = min(centreX + 1, width - 1)
        let y2 = min(centreY + 1, height - 1)
        let centre = image[centreY * width + centreX]
        var zeroes = centreX == x0 || centreX == x2 || centreY == y0 || centreY == y2 ? 1 : 0

        for x in x0...x2 {
            for y in y0...y2 where x != centreX || y != centreY {
                if image[y * width + x] == centre { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
