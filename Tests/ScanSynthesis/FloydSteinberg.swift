import ShapeScan

/// Floyd–Steinberg error diffusion to black and white, as a copier makes a 1-bit copy of grey
/// paper: each pixel goes to the nearer of 0 and 255, and its error is passed on to the pixels
/// right of and below it (7, 3, 5 and 1 sixteenths), so the paper's grey becomes scattered dots.
package enum FloydSteinberg {
    package static func dithered(_ image: GrayImage) -> GrayImage {
        let width = image.width
        var errors = image.pixels.map { Double($0) }
        var pixels = [UInt8](repeating: 255, count: errors.count)
        for y in 0..<image.height {
            for x in 0..<width {
                let index = y * width + x
                let value = errors[index]
                let black = value < 128
                pixels[index] = black ? 0 : 255
                let error = value - (black ? 0 : 255)
                if x + 1 < width { errors[index + 1] += error * 7 / 16 }
                guard y + 1 < image.height else { continue }
                if x > 0 { errors[index + width - 1] += error * 3 / 16 }
                errors[index + width] += error * 5 / 16
                if x + 1 < width { errors[index + width + 1] += error / 16 }
            }
        }
        return GrayImage(width: width, height: image.height, pixels: pixels)
    }
}
