import Foundation
import ScanSynthesis
import ShapeRendering
import ShapeScan
import Testing

/// One answer box on a patch of photographed paper (grain, a phone's shadow), measured by
/// `PageReader.ink`: the marks the phone profile used to read as blanks must come out unsure
/// (flagged), and an empty box on the same paper empty.
struct FaintInkTests {
    /// The box, in page points, on a 120-point patch scanned at about 150 dpi.
    private static let box = Rect(x: 40, y: 40, width: 16, height: 16)
    private static let pixelsPerPoint = 2.0

    /// Light pencil 0.03 darker than the paper (the median of the ticks the phone read as
    /// blank), on grain of σ 1.5 grey levels: plainly visible, under the old fixed level of 0.06.
    @Test(arguments: [0.025, 0.03, 0.035])
    func lightPencilOnGrainIsUnsure(darkness: Double) throws {
        let page = Self.photo(seed: 1, tickDarkness: darkness)
        let ink = PageReader.ink(in: Self.box, of: page, fix: Self.fix)
        #expect(ink.verdict == .unsure, "\(ink)")
    }

    /// The same paper, the box left empty: still empty.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func emptyBoxOnGrainIsEmpty(seed: UInt64) throws {
        let page = Self.photo(seed: seed, tickDarkness: nil)
        let ink = PageReader.ink(in: Self.box, of: page, fix: Self.fix)
        #expect(ink.verdict == .empty, "\(ink)")
    }

    /// A phone's shadow (the paper 15% darker past a slightly soft edge, as the phone profile
    /// draws it) whose edge runs through the paper ring round the box, the box in the
    /// shadow, with a visible tick (0.1 darker than its paper): wherever the edge crosses the
    /// ring, the tick is never read as an empty box.
    @Test(arguments: stride(from: 30.0, through: 40.5, by: 0.5).map { $0 })
    func tickBesideAShadowEdgeIsNeverEmpty(edge: Double) throws {
        let page = Self.photo(seed: 7, tickDarkness: 0.1, shadowEdge: edge)
        let ink = PageReader.ink(in: Self.box, of: page, fix: Self.fix)
        #expect(ink.verdict != .empty, "shadow edge at \(edge) pt: \(ink)")
    }

    private static let fix = PageFix(
        paper: .a4,
        homography: Homography(matrix: [pixelsPerPoint, 0, 0, 0, pixelsPerPoint, 0, 0, 0, 1]),
        tagsFound: 4, code: nil, pixelsPerPoint: pixelsPerPoint)

    /// Paper of 200 with grain σ 1.5, the box's printed outline, a shadow over everything right
    /// of `shadowEdge` (page points; a ramp 1 point wide), and a tick through the box's core
    /// `tickDarkness` darker than the paper under it, 1.6 points wide.
    private static func photo(seed: UInt64, tickDarkness: Double?, shadowEdge: Double? = nil) -> GrayImage {
        let size = Int(120 * pixelsPerPoint)
        var random = SplitMix(state: seed)
        var pixels = [UInt8](repeating: 0, count: size * size)
        let tick = [
            Point(x: box.x + 4.5, y: box.midY), Point(x: box.x + 7, y: box.maxY - 4.5),
            Point(x: box.maxX - 4.5, y: box.y + 4.5),
        ]
        for row in 0..<size {
            for column in 0..<size {
                let point = Point(
                    x: (Double(column) + 0.5) / pixelsPerPoint, y: (Double(row) + 0.5) / pixelsPerPoint)
                var value = 200.0
                if let edge = shadowEdge {
                    let lit = min(1, max(0, edge - point.x + 0.5))
                    value *= 0.85 + 0.15 * lit
                }
                if inside(point, box.insetBy(-0.5)) && !inside(point, box.insetBy(0.5)) { value = 40 }
                if let darkness = tickDarkness,
                    min(distance(point, tick[0], tick[1]), distance(point, tick[1], tick[2])) <= 0.8
                {
                    value *= 1 - darkness
                }
                value += 1.5 * random.normal()
                pixels[row * size + column] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return GrayImage(width: size, height: size, pixels: pixels)
    }

    private static func inside(_ p: Point, _ rect: Rect) -> Bool {
        p.x >= rect.x && p.x <= rect.maxX && p.y >= rect.y && p.y <= rect.maxY
    }

    /// The distance from `p` to the segment from `a` to `b`.
    private static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        let x = a.x + t * dx - p.x
        let y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }
}
