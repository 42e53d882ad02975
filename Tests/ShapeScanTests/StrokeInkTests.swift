import ShapeRendering
import ShapeScan
import Testing

/// Strokes lighter than ink, read against the box's own printed outline (`StrokeInk`), on one
/// box photographed (`BoxPhoto`): a pen tick a blur has lightened and an HB pencil tick are
/// marks; light pencil, a shadow's edge and what an eraser leaves are never marks.
struct StrokeInkTests {
    /// A ballpoint tick (1 point wide, 0.8 darker than the paper) on a phone photo blurred by 1 or
    /// 2 pixels at 150 and 200 dpi: the stronger blur leaves it lighter than 0.4, as it leaves the
    /// outline, and it is marked (at 2 pixels a fixed level of 0.4 called it unsure).
    @Test(arguments: [150, 200], [1.0, 2.0])
    func blurredBallpointTickIsMarked(dpi: Int, blur: Double) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: blur, seed: 11, strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 1, darkness: 0.8)])
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict == .marked, "\(ink)")
    }

    /// An HB pencil tick, 0.8 points wide: 0.35 darker than the paper, on a sharp 300-dpi copy and
    /// on photos blurred by a pixel, and pressed lightly, 0.25 darker (0.29 of the outline's
    /// darkness, as the outside check's photographed pencil ticks, whose darkest samples are 0.25
    /// to 0.33 of their outline), on 200- and 300-dpi photos blurred by 1 and 2 pixels: a mark,
    /// as the outline (0.85 darker) says it is plain. At a stroke level of 0.3 of the outline the
    /// lighter tick was unsure (flagged).
    @Test(arguments: [
        (300, 0.0, 0.35), (300, 1.0, 0.35), (200, 1.0, 0.35), (150, 1.0, 0.35), (200, 1.0, 0.25), (300, 1.0, 0.25),
        (300, 2.0, 0.25),
    ])
    func pencilTickIsMarked(dpi: Int, blur: Double, darkness: Double) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: blur, seed: 12,
            strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 0.8, darkness: darkness)]
        )
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict == .marked, "\(ink)")
    }

    /// A thin HB pencil tick, 0.4 or 0.5 points wide and 0.3 darker than the paper, on a sharp
    /// 300-dpi copy and on 200- and 300-dpi photos blurred by a pixel: its strokes cover under
    /// `BoxInk.markedShare` of the box, which alone would flag it, but run across it, longer than
    /// `BoxInk.markedLength`: a mark. (The outside check's phone photos flagged 13 of 147 HB
    /// pencil ticks, most of them so.)
    @Test(arguments: [(300, 0.0, 0.4), (300, 1.0, 0.5), (200, 1.0, 0.5), (200, 0.0, 0.4)])
    func thinPencilTickIsMarkedByItsLength(dpi: Int, blur: Double, width: Double) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: blur, seed: 18,
            strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: width, darkness: 0.3)]
        )
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.ink < BoxInk.markedShare, "\(ink)")
        #expect(ink.strokeLength >= BoxInk.markedLength, "\(ink)")
        #expect(ink.verdict == .marked, "\(ink)")
    }

    /// A thin pen stroke that runs 3 points into the box from its left side (the arm of a mark
    /// beside it): short of `BoxInk.markedLength`, so unsure, never marked, sharp or blurred.
    @Test(arguments: [150, 200, 300], [0.0, 1.0])
    func strokeEnteringTheBoxIsNeverMarked(dpi: Int, blur: Double) throws {
        let stroke = [
            Point(x: BoxPhoto.box.x - 6, y: BoxPhoto.box.midY),
            Point(x: BoxPhoto.box.x + 5.2, y: BoxPhoto.box.midY + 1),
        ]
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: blur, seed: 19, strokes: [BoxPhoto.Stroke(points: stroke, width: 0.5, darkness: 0.4)])
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.strokeLength < BoxInk.markedLength, "\(ink)")
        #expect(ink.verdict == .unsure, "\(ink)")
    }

    /// Light pencil (0.7 points wide, 0.15 darker than the paper: under a fifth of the outline's
    /// darkness), sharp or blurred: never a mark.
    @Test(arguments: [150, 200, 300], [0.0, 1.0, 2.0])
    func lightPencilIsNeverMarked(dpi: Int, blur: Double) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: blur, seed: 13,
            strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 0.7, darkness: 0.15)]
        )
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict != .marked, "\(ink)")
    }

    /// The edge of a phone's shadow (the paper 30% darker past it, a ramp 1 point wide) anywhere
    /// across an empty box: darker than the stroke level, with light paper on one side only. Never
    /// a mark.
    @Test(arguments: [150, 300], stride(from: 24.0, through: 36.0, by: 2.0).map { $0 })
    func shadowEdgeIsNotAStroke(dpi: Int, edge: Double) throws {
        let (page, fix) = BoxPhoto.photo(dpi: dpi, blur: 1, seed: 14, strokes: [], shadowEdge: edge, shadow: 0.3)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict != .marked, "shadow edge at \(edge) pt: \(ink)")
    }

    /// An erased tick: the inside of the box rubbed 0.1 darker, and what the eraser left of the
    /// tick 0.3 darker than that (0.37 darker than the paper), which stands out of the grey as a
    /// light stroke does. The box is unsure (flagged), never marked: a box grey all over has no
    /// light strokes.
    @Test(arguments: [150, 200, 300])
    func erasedTickIsUnsure(dpi: Int) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: 0.5, seed: 15, strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 1, darkness: 0.3)],
            rubbed: 0.1)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict == .unsure, "\(ink)")
    }

    /// An erased tick as the synthetic generator draws one: an oval patch 1 or 3 points in from
    /// the outline rubbed 0.1 darker, and what the eraser left of the tick 0.2 darker than that
    /// (0.28 darker than the paper). The inside's corners stay paper, so the inside is not grey
    /// all over; but the paper beside what is left of the tick is the rubbed grey, not the page's,
    /// so it is not a light stroke under 0.3 of the outline: unsure, never marked.
    @Test(arguments: [150, 200, 300], [1.0, 3.0])
    func erasedTickInARoundPatchIsUnsure(dpi: Int, inset: Double) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: 1, seed: 16, strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 1, darkness: 0.2)],
            rubbed: 0.1, rubbedOval: inset)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict == .unsure, "\(ink)")
    }

    /// An empty box on paper that darkens across it, 0.06 or 0.1 of its grey for every box's width
    /// (a phone's vignette, a shadow's soft edge; the outside check's empty boxes beside a mark were
    /// flagged with 15–21% of their core "faint" so): measured against the ring's slope, empty.
    @Test(arguments: [150, 300], [0.06, 0.1])
    func emptyBoxOnSlopingPaperIsEmpty(dpi: Int, slope: Double) throws {
        let (page, fix) = BoxPhoto.photo(dpi: dpi, blur: 1, seed: 16, strokes: [], slope: slope)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict == .empty, "\(ink)")
    }

    /// Light pencil (0.1 darker) on the same sloping paper is still seen: unsure, not empty.
    @Test(arguments: [150, 300])
    func lightPencilOnSlopingPaperIsUnsure(dpi: Int) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: 1, seed: 17, strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 1, darkness: 0.1)],
            slope: 0.1)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.verdict == .unsure, "\(ink)")
    }
}
