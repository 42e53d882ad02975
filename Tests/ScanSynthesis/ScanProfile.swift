import Foundation
import ShapeRendering
import ShapeScan

/// How a synthetic page is degraded, as the issue lists it: a copier (rotation ±3°, shift
/// ±5 mm, scale ±2%, 10% of pages upside down; 1-bit G4 TIFF or grey JPEG 75; or a grey copy,
/// paper at 0.86–0.95 of white, dithered to 1 bit by Floyd–Steinberg in a G4 TIFF) or a phone
/// (perspective with each corner moved up to 12% of the page's width, rotation ±10°, blur σ up
/// to 2 px, uneven light and a shadow, noise σ 8, JPEG 50), or out of spec (the phone's, with a
/// corner cut off, blur σ 4 and JPEG 20).
package enum ScanProfile: String, CaseIterable, Sendable {
    case copierTIFF, copierJPEG, phone, outOfSpec, copierDithered

    /// Degrades `page` (a clean page image) with `random`'s draws. A copier's scan covers a
    /// little more than the paper (its lid, light grey, shows around a skewed page); a phone's
    /// photo shows the page smaller, on a dark table.
    package func degrade(_ page: GrayImage, random: inout SplitMix) -> GrayImage {
        let w = Double(page.width)
        let h = Double(page.height)
        let isPhone = self == .phone || self == .outOfSpec
        let frameWidth = Int(w * (isPhone ? 1.15 : 1.06))
        let frameHeight = Int(h * (isPhone ? 1.08 : 1.06))
        let background = isPhone ? 70.0 : 235
        var corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        let upsideDown: Bool
        var angle: Double
        var scale = 1.0
        var shift = Point(x: 0, y: 0)
        switch self {
        case .copierTIFF, .copierJPEG, .copierDithered:
            angle = random.uniform(-3, 3) * .pi / 180
            scale = random.uniform(0.98, 1.02)
            let millimetre = w / 210
            shift = Point(x: random.uniform(-5, 5) * millimetre, y: random.uniform(-5, 5) * millimetre)
            upsideDown = random.uniform(0, 1) < 0.1
        case .phone, .outOfSpec:
            angle = random.uniform(-10, 10) * .pi / 180
            scale = random.uniform(0.78, 0.86)
            upsideDown = random.uniform(0, 1) < 0.1
            // Perspective: each corner moved up to 12% of the page's width, any way.
            for index in corners.indices {
                let distance = random.uniform(0, 0.12) * w
                let direction = random.uniform(0, 2 * .pi)
                corners[index] = Point(
                    x: corners[index].x + distance * cos(direction), y: corners[index].y + distance * sin(direction))
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
        // A grey copy: paper and ink as the copier's lamp and toner leave them.
        let (paper, ink) = self == .copierDithered ? (random.uniform(0.86, 0.95), random.uniform(0.05, 0.15)) : (1, 0)
        for y in 0..<frameHeight {
            for x in 0..<frameWidth {
                let p = back.map(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                var value = p.x < 0 || p.y < 0 || p.x > w || p.y > h ? background : page.sample(x: p.x, y: p.y)
                value = 255 * ink + (paper - ink) * value
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
        case .phone: image = image.blurred(sigma: random.uniform(0.5, 2))
        case .outOfSpec:
            image = image.blurred(sigma: 4)
            // A corner cut off.
            for y in 0..<(frameHeight / 6) {
                for x in 0..<(frameWidth / 4) { image.pixels[y * frameWidth + x] = 30 }
            }
        default: break
        }
        return image
    }

    /// What the page becomes on its way to the reader: its file bytes and extension.
    package func encode(_ pages: [GrayImage], dpi: Double, to folder: URL, name: String) throws -> [URL] {
        switch self {
        case .copierTIFF, .copierDithered:
            let url = folder.appendingPathComponent("\(name).tif")
            let bits = self == .copierDithered ? pages.map(FloydSteinberg.dithered) : pages
            guard TIFFCodec.writeG4(bits, dpi: dpi, toPath: url.path) else { throw CocoaError(.fileWriteUnknown) }
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
}
