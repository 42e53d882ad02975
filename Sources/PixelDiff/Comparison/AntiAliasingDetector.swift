/// pixelmatch's anti-aliasing test, after Vysniauskas, "Anti-aliased Pixel and Intensity Slope
/// Detector" (2009): a pixel is anti-aliasing when, among its 8 neighbours, at most two are as
/// bright as it, one is darker and one brighter, and the darkest or the brightest of them
/// sits inside a flat area (3+ equal neighbours) in both images.
///
/// Neighbours are visited column by column, as pixelmatch does, so ties pick the same pixel.
struct AntiAliasingDetector {
    let width: Int
    let height: Int

    /// Whether the pixel at (`x`, `y`) of `image` looks like anti-aliasing, with `other` the
    /// image it is compared with and `rule` the pixelmatch version's brightness steps.
    func isAntiAliased<Rule: PixelRule>(
        _ image: UnsafeBufferPointer<UInt32>, x centreX: Int, y centreY: Int, other: UnsafeBufferPointer<UInt32>,
        rule: Rule
    ) -> Bool {
        // Neighbours equal to the centre have a brightness difference of exactly 0, so with
        // three of them (pixelmatch's count of "zeroes") the loop below would return false
        // whatever else it met: say so without the floating point (the case in flat areas).
        if hasManySiblings(image, x: centreX, y: centreY) { return false }

        let (columns, rows, onEdge) = neighbourhood(x: centreX, y: centreY)
        let centreIndex = centreY * width + centreX
        let centre = rule.centre(image[centreIndex], atPixel: centreIndex)
        var zeroes = onEdge ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestX = 0
        var darkestY = 0
        var brightestX = 0
        var brightestY = 0

        for x in columns {
            for y in rows where x != centreX || y != centreY {
                let delta = rule.brightnessStep(from: centre, to: image[y * width + x])
                if delta == 0 {
                    zeroes += 1
                    // More than two neighbours as bright as it: not anti-aliasing.
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
            || (hasManySiblings(image, x: brightestX, y: brightestY)
                && hasManySiblings(other, x: brightestX, y: brightestY))
    }

    /// Whether the pixel at (`x`, `y`) has three or more neighbours of exactly its RGBA
    /// (a pixel on the image's edge starts with one).
    @inline(__always)
    private func hasManySiblings(_ image: UnsafeBufferPointer<UInt32>, x centreX: Int, y centreY: Int) -> Bool {
        if centreX > 0, centreY > 0, centreX < width - 1, centreY < height - 1, let base = image.baseAddress {
            // Inside the image: all 8 neighbours, counted without ranges (the count, not the order, decides).
            let above = base + (centreY - 1) * width + centreX
            let row = above + width
            let below = row + width
            let centre = row[0]
            var equal = above[-1] == centre ? 1 : 0
            equal += above[0] == centre ? 1 : 0
            equal += above[1] == centre ? 1 : 0
            equal += row[-1] == centre ? 1 : 0
            equal += row[1] == centre ? 1 : 0
            equal += below[-1] == centre ? 1 : 0
            equal += below[0] == centre ? 1 : 0
            equal += below[1] == centre ? 1 : 0
            return equal > 2
        }
        let (columns, rows, onEdge) = neighbourhood(x: centreX, y: centreY)
        let centre = image[centreY * width + centreX]
        var zeroes = onEdge ? 1 : 0

        for x in columns {
            for y in rows where x != centreX || y != centreY {
                if image[y * width + x] == centre { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// The columns and rows of the 3×3 block around (`x`, `y`) inside the image, and whether
    /// the pixel is on the image's edge (pixelmatch then counts one equal neighbour already).
    @inline(__always)
    private func neighbourhood(x: Int, y: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>, onEdge: Bool) {
        let columns = max(x - 1, 0)...min(x + 1, width - 1)
        let rows = max(y - 1, 0)...min(y + 1, height - 1)
        let onEdge = x == columns.lowerBound || x == columns.upperBound || y == rows.lowerBound || y == rows.upperBound
        return (columns, rows, onEdge)
    }
}
