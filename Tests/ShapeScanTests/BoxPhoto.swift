import Foundation
import ScanSynthesis
import ShapeRendering
import ShapeScan

/// One answer box photographed on its own: a patch of paper 60 points tall at a resolution, with
/// the box's printed outline (and its letter, when asked), pen strokes, and what a phone or an
/// eraser adds, blurred and grainy.
/// The ink tests measure it with `PageReader.ink`.
struct BoxPhoto {
    /// The box, in page points.
    static let box = Rect(x: 22, y: 22, width: 16, height: 16)

    /// A pen line through `points` (page points), `width` points wide, multiplying the paper
    /// under it by `1 - darkness`.
    struct Stroke {
        let points: [Point]
        let width: Double
        let darkness: Double
    }

    /// A tick through the box's core, as a child draws it: down to the lower third, up to the top
    /// right.
    static let tick = [(3.0, 8.5), (6.5, 12.5), (13.0, 3.5)].map { Point(x: box.x + $0.0, y: box.y + $0.1) }

    /// Where the box's letter is printed: a capital about 6 points wide and 7 tall, starting 6.5
    /// points right of the box, drawn as a solid block (darker all over than a glyph, so its
    /// blurred edge is at least as dark as a letter's).
    static let letter = Rect(x: box.maxX + 6.5, y: box.midY - 3.5, width: 6, height: 7)

    /// A ring round the letter, as a child circles it: an ellipse of radii `rx` and `ry` about the
    /// letter's centre, as a closed line of 48 points.
    static func ring(rx: Double, ry: Double) -> [Point] {
        (0...48).map { step in
            let angle = Double(step) * 2 * Double.pi / 48
            return Point(x: letter.midX + rx * cos(angle), y: letter.midY + ry * sin(angle))
        }
    }

    /// Paper of 205 at `dpi`, `width` points wide (60 by default; the letter's ring reaches past
    /// that), the box's 0.9-point outline (grey 30) and, when `printsLetter`, its letter (grey 30
    /// too), `strokes` multiplied in
    /// (each pixel's cover found on a 4 × 4 grid), the paper `shadow` darker right of `shadowEdge`
    /// (page points, a ramp 1 point wide), the paper `slope` darker for every box's width further
    /// right (a vignette, a shadow's soft edge) and the inside of the box (1.5 points in, or the
    /// oval `rubbedOval` points in from the outline: an eraser's round patch) `rubbed` darker,
    /// blurred by `blur` pixels, then grain of σ 1.2.
    static func photo(
        dpi: Int, blur: Double, seed: UInt64, strokes: [Stroke], shadowEdge: Double? = nil, shadow: Double = 0,
        slope: Double = 0, rubbed: Double = 0, rubbedOval: Double? = nil, width: Double = 60,
        printsLetter: Bool = false
    ) -> (GrayImage, PageFix) {
        let pixelsPerPoint = Double(dpi) / 72
        let size = Int(60 * pixelsPerPoint)
        let columns = Int(width * pixelsPerPoint)
        var values = [Double](repeating: 0, count: columns * size)
        for row in 0..<size {
            for column in 0..<columns {
                var value = 0.0
                for sub in 0..<16 {
                    let point = Point(
                        x: (Double(column) + (Double(sub % 4) + 0.5) / 4) / pixelsPerPoint,
                        y: (Double(row) + (Double(sub / 4) + 0.5) / 4) / pixelsPerPoint)
                    var grey = 205.0 * (1 - slope * (point.x - box.x) / box.width)
                    if inside(point, box.insetBy(-0.45)) && !inside(point, box.insetBy(0.45)) { grey = 30 }
                    if printsLetter && inside(point, letter) { grey = 30 }
                    if let inset = rubbedOval {
                        let half = box.width / 2 - inset
                        let (dx, dy) = ((point.x - box.midX) / half, (point.y - box.midY) / half)
                        if dx * dx + dy * dy <= 1 { grey *= 1 - rubbed }
                    } else if inside(point, box.insetBy(1.5)) {
                        grey *= 1 - rubbed
                    }
                    for stroke in strokes where distance(point, stroke.points) <= stroke.width / 2 {
                        grey *= 1 - stroke.darkness
                    }
                    if let edge = shadowEdge { grey *= 1 - shadow * min(1, max(0, point.x - edge + 0.5)) }
                    value += grey / 16
                }
                values[row * columns + column] = value
            }
        }
        let sharp = GrayImage(
            width: columns, height: size, pixels: values.map { UInt8(max(0, min(255, $0.rounded()))) })
        let blurred = blur > 0 ? sharp.blurred(sigma: blur) : sharp
        var random = SplitMix(state: seed)
        let pixels = blurred.pixels.map { UInt8(max(0, min(255, (Double($0) + 1.2 * random.normal()).rounded()))) }
        let fix = PageFix(
            paper: .a4, homography: Homography(matrix: [pixelsPerPoint, 0, 0, 0, pixelsPerPoint, 0, 0, 0, 1]),
            tagsFound: 4, code: nil, pixelsPerPoint: pixelsPerPoint)
        return (GrayImage(width: columns, height: size, pixels: pixels), fix)
    }

    private static func inside(_ p: Point, _ rect: Rect) -> Bool {
        p.x >= rect.x && p.x <= rect.maxX && p.y >= rect.y && p.y <= rect.maxY
    }

    /// The distance from `p` to the polyline `points`.
    private static func distance(_ p: Point, _ points: [Point]) -> Double {
        zip(points, points.dropFirst()).map { a, b in
            let dx = b.x - a.x
            let dy = b.y - a.y
            let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(1e-9, dx * dx + dy * dy)))
            let x = a.x + t * dx - p.x
            let y = a.y + t * dy - p.y
            return (x * x + y * y).squareRoot()
        }.min() ?? .infinity
    }
}
