import ShapeGame
import ShapeRendering
import ShapeScan
import Testing

/// An erasure beside a tick, on boxes photographed (`BoxPhoto`): what a careful teacher reads as
/// the tick, the scan reads so too (`BoxInk.holdsOnlyAnErasure`); light pencil or a pen's light
/// stroke beside a tick is a second mark and still goes to the review.
struct ErasureBesideATickTests {
    static func ink(dpi: Int, seed: UInt64, strokes: [BoxPhoto.Stroke], rubbed: Double = 0) -> BoxInk {
        let (page, fix) = BoxPhoto.photo(
            dpi: dpi, blur: 1, seed: seed, strokes: strokes, rubbed: rubbed, rubbedOval: rubbed > 0 ? 2 : nil)
        return PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
    }

    static let tick = BoxPhoto.Stroke(points: BoxPhoto.tick, width: 1.2, darkness: 0.85)

    /// A tick in box A beside an erased tick in box B (an oval patch rubbed 0.03 or 0.05 darker,
    /// as the outside check's erasures, and what the eraser left of the tick 0.06 darker than
    /// that): the tick, unflagged. The erasure alone, and the same turn on a 1-bit page, go to the
    /// review.
    @Test(arguments: [150, 200, 300], [0.03, 0.05])
    func aTickBesideAnErasureIsTheTick(dpi: Int, rubbed: Double) {
        let inkA = Self.ink(dpi: dpi, seed: 23, strokes: [Self.tick])
        let inkB = Self.ink(
            dpi: dpi, seed: 24, strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 1, darkness: 0.06)],
            rubbed: rubbed)
        #expect(inkB.holdsOnlyAnErasure, "\(inkB)")
        let reading = TurnReading(turn: 1, inkA: inkA, inkB: inkB)
        #expect(reading.choice == .a && reading.flag == nil, "\(reading)")
        #expect(TurnReading(turn: 1, inkA: inkB, inkB: Self.ink(dpi: dpi, seed: 25, strokes: [])).flag != nil)
        #expect(reading.onBilevelPage().flag != nil)
    }

    /// A tick beside an HB pencil tick (0.3 darker) drawn over a smudge rubbed 0.05 darker: the
    /// grey keeps `StrokeInk` from judging its strokes, but it is darker than any erasure, and
    /// the turn is flagged.
    @Test(arguments: [150, 200, 300])
    func aTickBesideAPencilTickOverASmudgeIsFlagged(dpi: Int) {
        let inkA = Self.ink(dpi: dpi, seed: 28, strokes: [Self.tick])
        let inkB = Self.ink(
            dpi: dpi, seed: 29, strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 0.8, darkness: 0.3)],
            rubbed: 0.05)
        #expect(!inkB.holdsOnlyAnErasure, "\(inkB)")
        let reading = TurnReading(turn: 1, inkA: inkA, inkB: inkB)
        #expect(reading.choice == nil && reading.flag != nil, "\(reading)")
    }

    /// A tick beside light pencil on clean paper (0.1 or 0.2 darker), or a pen's thin tick a blur
    /// left lighter than ink (0.35): a second mark, flagged or read as both.
    @Test(arguments: [150, 200, 300], [0.1, 0.2, 0.35])
    func aTickBesideALightMarkIsNeverTheTick(dpi: Int, darkness: Double) {
        let inkA = Self.ink(dpi: dpi, seed: 26, strokes: [Self.tick])
        let inkB = Self.ink(
            dpi: dpi, seed: 27, strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 0.7, darkness: darkness)])
        #expect(!inkB.holdsOnlyAnErasure, "\(inkB)")
        let reading = TurnReading(turn: 1, inkA: inkA, inkB: inkB)
        #expect(reading.choice == nil && reading.flag != nil, "\(reading)")
    }
}
