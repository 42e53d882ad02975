import ShapeRendering
import ShapeScan
import Testing

/// A ring round the letter too pale to be read as the letter circled (`RingTrace`), on one box
/// and its letter photographed (`BoxPhoto`): flagged, never read as a blank; the letter alone,
/// a shadow's edge across it and a line along one side of it leave the ring clean.
struct RingTraceTests {
    /// A pale ring close round the letter (its inner edge 3 points over the letter's top), 1.6
    /// points wide and 0.15 or 0.2 darker than the paper, photographed at 150, 200 and 300 dpi and
    /// blurred by 1 or 2 pixels: too light for the ring's stroke level, so its bands read clean by
    /// that measure alone, but a line runs along all three of them, and the box is unsure. On the
    /// synthetic phone photos such rings were read as blanks in 98 of 400 turns.
    @Test(arguments: [(150, 1.0, 0.15), (150, 2.0, 0.2), (200, 1.0, 0.15), (200, 2.0, 0.2), (300, 2.0, 0.15)])
    func paleRingIsNotClean(dpi: Int, blur: Double, darkness: Double) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: blur, seed: 31,
            strokes: [BoxPhoto.Stroke(points: BoxPhoto.ring(rx: 8, ry: 7.5), width: 1.6, darkness: darkness)],
            width: 72, printsLetter: true)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.letterRing.allSatisfy { $0 < BoxInk.ringCleanShare }, "\(ink)")
        #expect(ink.letterRingTraced, "\(ink)")
        #expect(ink.verdict == .unsure, "\(ink)")
    }

    /// The letter on its own, sharp or blurred by up to 2 pixels: its blurred edge is no ring.
    @Test(arguments: [150, 200, 300], [0.0, 1.0, 2.0])
    func letterAloneIsClean(dpi: Int, blur: Double) throws {
        let (page, fix) = BoxPhoto.photo(dpi: dpi, blur: blur, seed: 32, strokes: [], width: 72, printsLetter: true)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(!ink.letterRingTraced, "\(ink)")
        #expect(ink.verdict == .empty, "\(ink)")
    }

    /// A shadow's edge through the letter (the paper right of it 0.15 darker, under the ring's
    /// stroke level, which the ring's older measure takes a shadow to stay under) or a vignette
    /// darkening the paper 0.05 a box's width: the paper beyond each band is as dark as the band.
    @Test(arguments: [(0.15, 0.0, 150), (0.15, 0.0, 200), (0.0, 0.05, 150), (0.0, 0.05, 200)])
    func shadowAcrossTheLetterIsClean(shadow: Double, slope: Double, dpi: Int) throws {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: 1, seed: 33, strokes: [], shadowEdge: BoxPhoto.letter.midX, shadow: shadow, slope: slope,
            width: 72, printsLetter: true)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(!ink.letterRingTraced, "\(ink)")
        #expect(ink.verdict == .empty, "\(ink)")
    }

    /// A pale line along the top of the letter only (an underline of the row above, a stray
    /// stroke): a trace in one band, not all round, so the ring is clean.
    @Test(arguments: [150, 200, 300])
    func lineAboveTheLetterIsNoRing(dpi: Int) throws {
        let line = [
            Point(x: BoxPhoto.letter.x - 4, y: BoxPhoto.letter.y - 5),
            Point(x: BoxPhoto.letter.maxX + 6, y: BoxPhoto.letter.y - 5),
        ]
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: 1, seed: 34, strokes: [BoxPhoto.Stroke(points: line, width: 1.2, darkness: 0.2)],
            width: 72, printsLetter: true)
        let ink = PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
        #expect(ink.letterRingTrace.first ?? 0 >= RingTrace.span, "\(ink)")
        #expect(!ink.letterRingTraced, "\(ink)")
        #expect(ink.verdict == .empty, "\(ink)")
    }
}
