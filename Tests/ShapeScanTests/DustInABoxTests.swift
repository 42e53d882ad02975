import ShapeGame
import ShapeRendering
import ShapeScan
import Testing

/// Dust in a box, on boxes photographed (`BoxPhoto`): one to three black specks on otherwise
/// clean paper are nothing, as a careful teacher reads them (`BoxInk.holdsOnlyDust`); more
/// specks, a short stroke, light pencil and a grey dot are not dust and go to the review.
struct DustInABoxTests {
    /// A speck of black ink `length` points long and `width` wide, from `(x, y)` in the box.
    static func speck(_ x: Double, _ y: Double, length: Double = 0.4, width: Double = 1.0, darkness: Double = 0.9)
        -> BoxPhoto.Stroke
    {
        let start = Point(x: BoxPhoto.box.x + x, y: BoxPhoto.box.y + y)
        return BoxPhoto.Stroke(
            points: [start, Point(x: start.x + length, y: start.y + length / 2)], width: width, darkness: darkness)
    }

    /// Light pencil (0.15 darker, 0.7 points wide) down the box from `top` to `bottom` points,
    /// 3.2 points in from its right side: between the outline and the core.
    static func sideStroke(_ top: Double, _ bottom: Double) -> BoxPhoto.Stroke {
        let x = BoxPhoto.box.x + 12.8
        return BoxPhoto.Stroke(
            points: [Point(x: x, y: BoxPhoto.box.y + top), Point(x: x, y: BoxPhoto.box.y + bottom)], width: 0.7,
            darkness: 0.15)
    }

    static func ink(dpi: Int, blur: Double, strokes: [BoxPhoto.Stroke]) -> BoxInk {
        let (page, fix) = BoxPhoto.photo(dpi: dpi, blur: blur, seed: 31, strokes: strokes)
        return PageReader.ink(in: BoxPhoto.box, of: page, fix: fix)
    }

    static let specks = [speck(4, 5, width: 0.8), speck(10, 11, length: 0.8, width: 0.7), speck(9, 4)]

    /// One to three specks (0.7 to 1 point wide, up to 1.5 long, as the outside check's dust) on
    /// a sharp copy and on photos blurred by a pixel: the box is empty, and beside a tick the turn
    /// is the tick.
    @Test(arguments: [(200, 1.0), (300, 0.5), (300, 1.0)], [1, 2, 3])
    func specksAreNothing(scan: (dpi: Int, blur: Double), count: Int) {
        let box = Self.ink(dpi: scan.dpi, blur: scan.blur, strokes: Array(Self.specks.prefix(count)))
        #expect(box.verdict == .empty, "\(box)")
        let tick = Self.ink(
            dpi: scan.dpi, blur: scan.blur,
            strokes: [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 1.2, darkness: 0.85)])
        let reading = TurnReading(turn: 1, inkA: box, inkB: tick)
        #expect(reading.choice == .b && reading.flag == nil, "\(reading)")
    }

    /// At 150 dpi, blurred by a pixel, a speck 0.8 points wide is under `BoxInk.speckDarkness`:
    /// as grey as a pencil's dot, and unsure.
    @Test func aSpeckBlurredGreyIsUnsure() {
        let box = Self.ink(dpi: 150, blur: 1, strokes: [Self.specks[0]])
        #expect(box.verdict == .unsure, "\(box)")
    }

    /// On a 1-bit page a speck is not told from what a threshold left of a pencil mark: unsure.
    @Test func specksOnABilevelPageAreUnsure() {
        let box = Self.ink(dpi: 200, blur: 1, strokes: Array(Self.specks.prefix(2)))
        #expect(box.holdsOnlyDust, "\(box)")
        #expect(box.onBilevelPage().verdict == .unsure, "\(box)")
    }

    /// What is not dust: four specks, a black stroke 4 points long, a grey dot (0.15 darker: a
    /// pencil's dot), light pencil ticks (0.1–0.3 darker, 0.7 points wide), a light pencil tick
    /// pressed hard where it starts, and a speck beside a light stroke between the outline and the
    /// core, 7 points long (more than half its line along the side) or the side's whole length;
    /// each unsure or marked.
    @Test(arguments: [150, 200, 300], [0.0, 1.0, 2.0])
    func moreThanDustIsNotEmpty(dpi: Int, blur: Double) {
        let cases: [(String, [BoxPhoto.Stroke])] =
            [
                ("four specks", Self.specks + [Self.speck(4, 11)]),
                ("a short stroke", [Self.speck(4, 5, length: 3.6)]),
                ("a grey dot", [Self.speck(6, 6, width: 1.4, darkness: 0.15)]),
            ]
            + [
                (
                    "a light tick pressed hard at its start",
                    [
                        Self.speck(3, 8.5, length: 0.3, width: 1.1),
                        BoxPhoto.Stroke(points: BoxPhoto.tick, width: 0.7, darkness: 0.15),
                    ]
                ),
                ("a speck beside a light stroke the length of the side", [Self.speck(6, 6), Self.sideStroke(1, 15)]),
                ("a speck beside a light stroke along the side", [Self.speck(6, 6), Self.sideStroke(4.5, 11.5)]),
            ]
            + [0.1, 0.2, 0.3].map { darkness in
                ("light pencil \(darkness)", [BoxPhoto.Stroke(points: BoxPhoto.tick, width: 0.7, darkness: darkness)])
            }
        for (what, strokes) in cases {
            let box = Self.ink(dpi: dpi, blur: blur, strokes: strokes)
            #expect(box.verdict != .empty, "\(what): \(box)")
        }
    }
}
