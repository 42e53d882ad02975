import Foundation
import ScanSynthesis
import ShapeRendering
import ShapeScan
import Testing

/// Light marks that lie between the box's slack (2.2 points in from its outline) and its core
/// (4.5 points in), measured by `PageReader.ink` on a blurred photo of one box: lighter than ink
/// and outside the core, they read as an empty box (a blank) until the band between was looked
/// at against the outline's own blur. They must be unsure (flagged), and an empty box on the same
/// blurred paper must stay empty.
struct BandInkTests {
    /// The box, in page points, on a 60-point patch of paper.
    private static let box = Rect(x: 22, y: 22, width: 16, height: 16)

    /// An HB pencil tick (0.3 or 0.4 darker than the paper, 0.7 points wide) whose strokes cross
    /// the band between the slack and the core beside the box's right side, as the outside
    /// check's pencil ticks that were read as blanks; a 150-dpi photo blurred by σ 1 pixel.
    @Test(arguments: [0.3, 0.4])
    func pencilTickBetweenSlackAndCoreIsUnsure(darkness: Double) throws {
        let tick = [(12.2, 5.0), (13.4, 7.0), (12.4, 10.5)].map {
            Point(x: Self.box.x + $0.0, y: Self.box.y + $0.1)
        }
        let (page, fix) = Self.photo(
            dpi: 150, blur: 1, seed: 1, strokes: [Stroke(points: tick, width: 0.7, darkness: darkness)])
        let ink = PageReader.ink(in: Self.box, of: page, fix: fix)
        #expect(ink.verdict == .unsure, "\(ink)")
    }

    /// A thin circle in a light pen (1 point wide, 0.3 to 0.65 darker than the paper, as the
    /// outside check's green ink) close inside the outline, radius 6.5 or 6.8 points: on a
    /// 200-dpi page blurred by σ 1.5 pixels it lies in the slack and the band, never in the core,
    /// and the blur leaves it lighter than ink. It must not read as an empty box.
    @Test(arguments: [6.5, 6.8], [0.3, 0.45, 0.65])
    func thinCircleBlurredIsNotBlank(radius: Double, darkness: Double) throws {
        let circle = (0...60).map { step -> Point in
            let angle = 0.7 + 2.2 * Double.pi * Double(step) / 60
            return Point(x: Self.box.midX + radius * cos(angle), y: Self.box.midY + radius * sin(angle))
        }
        let (page, fix) = Self.photo(
            dpi: 200, blur: 1.5, seed: 1, strokes: [Stroke(points: circle, width: 1, darkness: darkness)])
        let ink = PageReader.ink(in: Self.box, of: page, fix: fix)
        #expect(ink.verdict != .empty, "\(ink)")
        #expect(ink.verdict == .unsure || ink.ink >= BoxInk.markedShare, "\(ink)")
    }

    /// The box left empty on the same paper, at every resolution and blur the phone and copier
    /// profiles use, and measured a quarter point off its drawn outline (the outline search's
    /// steps are half a point): the outline's blurred shadow in the band is not a mark.
    @Test(arguments: [150, 200, 300], [0.5, 1.0, 1.5, 2.0])
    func emptyBlurredBoxIsEmpty(dpi: Int, blur: Double) throws {
        for (seed, offset) in [(UInt64(1), 0.0), (2, 0.25), (3, -0.25)] {
            let (page, fix) = Self.photo(dpi: dpi, blur: blur, seed: seed, strokes: [])
            let measured = Rect(x: Self.box.x + offset, y: Self.box.y - offset, width: 16, height: 16)
            let ink = PageReader.ink(in: measured, of: page, fix: fix)
            #expect(ink.verdict == .empty, "offset \(offset): \(ink)")
        }
    }

    /// Pencil too light to tell from the paper's grain after the blur (0.06 darker, 0.5 points
    /// wide: under a hundredth of the paper once blurred) in the same band: still not a mark.
    @Test func pencilUnderTheGrainIsNotMarked() throws {
        let tick = [(12.2, 5.0), (13.4, 7.0), (12.4, 10.5)].map {
            Point(x: Self.box.x + $0.0, y: Self.box.y + $0.1)
        }
        let (page, fix) = Self.photo(
            dpi: 150, blur: 2, seed: 5, strokes: [Stroke(points: tick, width: 0.5, darkness: 0.06)])
        let ink = PageReader.ink(in: Self.box, of: page, fix: fix)
        #expect(ink.verdict != .marked, "\(ink)")
    }

    private struct Stroke {
        let points: [Point]
        let width: Double
        let darkness: Double
    }

    /// Paper of 205 at `dpi`, the box's 0.9-point outline (grey 30), `strokes` multiplied in
    /// (each pixel's cover found on a 4 × 4 grid), blurred by `blur` pixels, then grain of σ 1.2.
    private static func photo(dpi: Int, blur: Double, seed: UInt64, strokes: [Stroke]) -> (GrayImage, PageFix) {
        let pixelsPerPoint = Double(dpi) / 72
        let size = Int(60 * pixelsPerPoint)
        var values = [Double](repeating: 0, count: size * size)
        for row in 0..<size {
            for column in 0..<size {
                var value = 0.0
                for sub in 0..<16 {
                    let point = Point(
                        x: (Double(column) + (Double(sub % 4) + 0.5) / 4) / pixelsPerPoint,
                        y: (Double(row) + (Double(sub / 4) + 0.5) / 4) / pixelsPerPoint)
                    var grey = 205.0
                    if inside(point, box.insetBy(-0.45)) && !inside(point, box.insetBy(0.45)) { grey = 30 }
                    for stroke in strokes where distance(point, stroke.points) <= stroke.width / 2 {
                        grey *= 1 - stroke.darkness
                    }
                    value += grey / 16
                }
                values[row * size + column] = value
            }
        }
        let sharp = GrayImage(width: size, height: size, pixels: values.map { UInt8(max(0, min(255, $0.rounded()))) })
        let blurred = sharp.blurred(sigma: blur)
        var random = SplitMix(state: seed)
        let pixels = blurred.pixels.map { UInt8(max(0, min(255, (Double($0) + 1.2 * random.normal()).rounded()))) }
        let fix = PageFix(
            paper: .a4, homography: Homography(matrix: [pixelsPerPoint, 0, 0, 0, pixelsPerPoint, 0, 0, 0, 1]),
            tagsFound: 4, code: nil, pixelsPerPoint: pixelsPerPoint)
        return (GrayImage(width: size, height: size, pixels: pixels), fix)
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
