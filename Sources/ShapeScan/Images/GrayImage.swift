import PixelDiff

/// A scanned page as 8-bit grey levels (0 black, 255 white), row by row: what every decoder
/// produces and every reader measures.
package struct GrayImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]

    /// An image of `pixels` (`width × height` of them); a count that does not match is padded
    /// with white or cut.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height
        self.pixels =
            pixels.count == count
            ? pixels : Array(pixels.prefix(count)) + Array(repeating: 255, count: max(0, count - pixels.count))
    }

    /// The grey of an RGBA image (Rec. 601 luma), composited on white.
    package init(_ image: RGBAImage) {
        self.init(
            width: image.width, height: image.height,
            pixels: image.pixels.map { pixel in
                let alpha = Int(pixel >> 24 & 0xFF)
                let luma =
                    (299 * Int(pixel & 0xFF) + 587 * Int(pixel >> 8 & 0xFF) + 114 * Int(pixel >> 16 & 0xFF)) / 1000
                return UInt8((luma * alpha + 255 * (255 - alpha)) / 255)
            })
    }

    /// The grey at (`x`, `y`) in pixel units (pixel centres at .5), interpolated between the
    /// four nearest pixels; white outside the image.
    package func sample(x: Double, y: Double) -> Double {
        // A point a degenerate homography sends far away (or to infinity) is outside the image.
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return 255 }
        let fx = x - 0.5
        let fy = y - 0.5
        let x0 = Int(fx.rounded(.down))
        let y0 = Int(fy.rounded(.down))
        let tx = fx - Double(x0)
        let ty = fy - Double(y0)
        func at(_ x: Int, _ y: Int) -> Double {
            guard x >= 0, y >= 0, x < width, y < height, y * width + x < pixels.count else { return 255 }
            return Double(pixels[y * width + x])
        }
        let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
        let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// The image blurred by about a Gaussian of `sigma` pixels (a separable box blur run three
    /// times), edges extended.
    package func blurred(sigma: Double) -> GrayImage {
        let radius = max(1, Int((sigma * sigma + 1).squareRoot().rounded()))
        return boxBlurred(radii: [radius, radius, radius])
    }

    /// The image blurred by a separable box blur for each of `radii` in turn (a box of `2r + 1`
    /// pixels, each mean rounded down), edges extended: about a Gaussian whose variance is the sum
    /// of each pass's `r(r + 1) / 3` pixels². Both directions go row by row over two grey buffers
    /// made once (the vertical one keeps a running sum for every column), so a photo of ten
    /// million pixels is blurred without a copy a pass or a walk down its columns.
    package func boxBlurred(radii: [Int]) -> GrayImage {
        let w = width
        let h = height
        guard w > 0, h > 0, pixels.count == w * h else { return self }
        var values = pixels
        var across = [UInt8](repeating: 0, count: w * h)
        var columnSums = [Int32](repeating: 0, count: w)
        for radius in radii where radius > 0 {
            let divisor = 2 * radius + 1
            // Each mean looked up: a division for every pixel of every pass was most of the time.
            let mean = (0...(255 * divisor)).map { UInt8($0 / divisor) }
            mean.withUnsafeBufferPointer { mean in
                values.withUnsafeMutableBufferPointer { values in
                    across.withUnsafeMutableBufferPointer { across in
                        columnSums.withUnsafeMutableBufferPointer { sums in
                            for y in 0..<h {
                                let row = y * w
                                var sum: Int32 = 0
                                for x in -radius...radius { sum += Int32(values[row + min(w - 1, max(0, x))]) }
                                for x in 0..<w {
                                    across[row + x] = mean[Int(sum)]
                                    sum +=
                                        Int32(values[row + min(w - 1, x + radius + 1)])
                                        - Int32(values[row + max(0, x - radius)])
                                }
                            }
                            for x in 0..<w { sums[x] = 0 }
                            for y in -radius...radius {
                                let row = min(h - 1, max(0, y)) * w
                                for x in 0..<w { sums[x] += Int32(across[row + x]) }
                            }
                            for y in 0..<h {
                                let row = y * w
                                let entering = min(h - 1, y + radius + 1) * w
                                let leaving = max(0, y - radius) * w
                                for x in 0..<w {
                                    values[row + x] = mean[Int(sums[x])]
                                    sums[x] += Int32(across[entering + x]) - Int32(across[leaving + x])
                                }
                            }
                        }
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: values)
    }

    /// The image sharpened by an unsharp mask: each pixel pushed `amount` times its difference
    /// from the image blurred by `sigma`. A blurred photo's corner tags are looked for in it when
    /// they are not found in the photo as it is.
    package func sharpened(sigma: Double, amount: Double) -> GrayImage {
        let blurred = blurred(sigma: sigma)
        return GrayImage(
            width: width, height: height,
            pixels: zip(pixels, blurred.pixels).map { value, soft in
                UInt8(max(0, min(255, (Double(value) + amount * (Double(value) - Double(soft))).rounded())))
            })
    }

    /// The image as PNG bytes (grey drawn as opaque RGBA).
    package func pngBytes() throws(RGBAImageError) -> [UInt8] {
        let rgba = try RGBAImage(
            width: width, height: height,
            pixels: pixels.map { UInt32($0) | UInt32($0) << 8 | UInt32($0) << 16 | 0xFF00_0000 })
        return try rgba.pngBytes()
    }
}
