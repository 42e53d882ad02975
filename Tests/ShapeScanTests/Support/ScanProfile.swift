import Foundation
import ShapeRendering
import ShapeScan

/// How a synthetic page is degraded: as a copier (small rotation, shift, scale, some pages
/// upside down, 1-bit TIFF or grey JPEG 75) or a phone (perspective, rotation, blur, uneven
/// light, a shadow, noise, JPEG 50), or out of spec (a corner cut off, heavy blur, JPEG 20).
enum ScanProfile: String, CaseIterable, Sendable {
    case copierTIFF, copierJPEG, phone, outOfSpec

    /// Degrades `page` (a clean page image) with `random`'s draws. A copier's scan covers a
    /// little more than the paper (its lid, light grey, shows around a skewed page); a phone's
    /// photo shows the page smaller, on a dark table.
    func degrade(_ page: GrayImage, random: inout SplitMix) -> GrayImage {
        let w = Double(page.width)
        let h = Double(page.height)
        let isPhone = self == .phone || self == .outOfSpec
        let frameWidth = isPhone ? page.width : Int(w * 1.06)
        let frameHeight = isPhone ? page.height : Int(h * 1.06)
        let background = isPhone ? 70.0 : 235
        var corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        let upsideDown: Bool
        var angle: Double
        var scale = 1.0
        var shift = Point(x: 0, y: 0)
        switch self {
        case .copierTIFF, .copierJPEG:
            angle = random.uniform(-3, 3) * .pi / 180
            scale = random.uniform(0.98, 1.02)
            let millimetre = w / 210
            shift = Point(x: random.uniform(-5, 5) * millimetre, y: random.uniform(-5, 5) * millimetre)
            upsideDown = random.uniform(0, 1) < 0.1
        case .phone, .outOfSpec:
            angle = random.uniform(-10, 10) * .pi / 180
            scale = random.uniform(0.78, 0.86)
            upsideDown = random.uniform(0, 1) < 0.1
            for index in corners.indices {
                corners[index] = Point(
                    x: corners[index].x + random.uniform(-0.06, 0.06) * w,
                    y: corners[index].y + random.uniform(-0.06, 0.06) * w)
            }
        }
        if upsideDown { angle += .pi }
        let center = Point(x: w / 2, y: h / 2)
        let frameCenter = Point(x: Double(frameWidth) / 2, y: Double(frameHeight) / 2)
        let destination = corners.map { p in
            let x = (p.x - center.x) * scale
            let y = (p.y - center.y) * scale
            return Point(
                x: frameCenter.x + shift.x + x * cos(angle) - y * sin(angle),
                y: frameCenter.y + shift.y + x * sin(angle) + y * cos(angle))
        }
        let source = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        guard let back = Homography(from: destination, to: source) else { return page }
        var pixels = [UInt8](repeating: 0, count: frameWidth * frameHeight)
        let lightTilt = self == .phone || self == .outOfSpec ? random.uniform(0.55, 0.8) : 1
        let shadowEdge = random.uniform(0.3, 0.7) * w
        let noise = self == .phone || self == .outOfSpec ? 8.0 : 3.0
        for y in 0..<frameHeight {
            for x in 0..<frameWidth {
                let p = back.map(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                var value = p.x < 0 || p.y < 0 || p.x > w || p.y > h ? background : page.sample(x: p.x, y: p.y)
                if self == .phone || self == .outOfSpec {
                    let light = lightTilt + (1 - lightTilt) * Double(y) / Double(frameHeight)
                    value *= Double(x) < shadowEdge ? light * 0.85 : light
                }
                value += noise * random.normal()
                pixels[y * frameWidth + x] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        var image = GrayImage(width: frameWidth, height: frameHeight, pixels: pixels)
        switch self {
        case .phone: image = Self.blur(image, sigma: random.uniform(0.5, 2))
        case .outOfSpec:
            image = Self.blur(image, sigma: 4)
            // A corner cut off.
            for y in 0..<(frameHeight / 6) {
                for x in 0..<(frameWidth / 4) { image.pixels[y * frameWidth + x] = 30 }
            }
        default: break
        }
        return image
    }

    /// What the page becomes on its way to the reader: its file bytes and extension.
    func encode(_ pages: [GrayImage], dpi: Double, to folder: URL, name: String) throws -> [URL] {
        switch self {
        case .copierTIFF:
            let url = folder.appendingPathComponent("\(name).tif")
            guard TIFFCodec.writeG4(pages, dpi: dpi, toPath: url.path) else { throw CocoaError(.fileWriteUnknown) }
            return [url]
        case .copierJPEG, .phone, .outOfSpec:
            let quality = self == .copierJPEG ? 75 : self == .phone ? 50 : 20
            return try pages.enumerated().map { index, page in
                let url = folder.appendingPathComponent("\(name)-\(index + 1).jpg")
                guard let bytes = JPEGCodec.encode(page, quality: quality) else { throw CocoaError(.fileWriteUnknown) }
                try Data(bytes).write(to: url)
                return url
            }
        }
    }

    /// A separable box blur run three times: about a Gaussian of `sigma`.
    static func blur(_ image: GrayImage, sigma: Double) -> GrayImage {
        let radius = max(1, Int((sigma * sigma + 1).squareRoot().rounded()))
        var values = image.pixels.map(Int.init)
        let w = image.width
        let h = image.height
        for _ in 0..<3 {
            var next = values
            for y in 0..<h {
                var sum = 0
                for x in -radius...radius { sum += values[y * w + min(w - 1, max(0, x))] }
                for x in 0..<w {
                    next[y * w + x] = sum / (2 * radius + 1)
                    sum += values[y * w + min(w - 1, x + radius + 1)] - values[y * w + max(0, x - radius)]
                }
            }
            values = next
            for x in 0..<w {
                var sum = 0
                for y in -radius...radius { sum += next[min(h - 1, max(0, y)) * w + x] }
                for y in 0..<h {
                    values[y * w + x] = sum / (2 * radius + 1)
                    sum += next[min(h - 1, y + radius + 1) * w + x] - next[max(0, y - radius) * w + x]
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: values.map { UInt8(max(0, min(255, $0))) })
    }
}
