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
    private static let box = BoxPhoto.box

    /// An HB pencil tick (0.3 or 0.4 darker than the paper, 0.7 points wide) whose strokes cross
    /// the band between the slack and the core beside the box's right side, as the outside
    /// check's pencil ticks that were read as blanks; a 150-dpi photo blurred by σ 1 pixel.
    @Test(arguments: [0.3, 0.4])
    func pencilTickBetweenSlackAndCoreIsUnsure(darkness: Double) throws {
        let tick = [(12.2, 5.0), (13.4, 7.0), (12.4, 10.5)].map {
            Point(x: Self.box.x + $0.0, y: Self.box.y + $0.1)
        }
        let (page, fix) = BoxPhoto.photo(
            dpi: 150, blur: 1, seed: 1, strokes: [BoxPhoto.Stroke(points: tick, width: 0.7, darkness: darkness)])
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
        let (page, fix) = BoxPhoto.photo(
            dpi: 200, blur: 1.5, seed: 1, strokes: [BoxPhoto.Stroke(points: circle, width: 1, darkness: darkness)])
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
            let (page, fix) = BoxPhoto.photo(dpi: dpi, blur: blur, seed: seed, strokes: [])
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
        let (page, fix) = BoxPhoto.photo(
            dpi: 150, blur: 2, seed: 5, strokes: [BoxPhoto.Stroke(points: tick, width: 0.5, darkness: 0.06)])
        let ink = PageReader.ink(in: Self.box, of: page, fix: fix)
        #expect(ink.verdict != .marked, "\(ink)")
    }
}
