import ShapeRendering

/// A second look at the boxes of a dithered 1-bit page that the filtered page left unmarked: the
/// share of black dots inside the box against the share in the paper around it.
///
/// A dithered copy draws a stroke as more dots than the paper has, and the filter that makes the
/// page grey (`BilevelScan`) spreads a thin pen's stroke (two pixels of dots at 150 dpi) until it
/// is too light for the ink test: a cross in a thin ballpoint reads as faint all over its box.
/// Counted over the whole inside of the box (its outline and 2.2 points of slack left out), the
/// dots keep what the filter spread. Two rules, against the ring of paper left of, above and
/// below the box:
/// - A box not marked whose inside is `inkExcess` darker on average than that paper, with those
///   dots in strokes (its darkest tenth of cells `strokeContrast` darker than its lightest
///   quarter, which an eraser's even grey is not), is marked: its ink share is at least that
///   excess.
/// - An empty box whose inside, or any of the three bands above, below and right of its letter,
///   is `excessDarkness` darker than that paper is not empty but unsure: light pencil, a thin
///   circle and a thin ring round a letter are a few more dots than the paper has.
/// (The paper and the bands are `PageReader.ink`'s: `paperSides`, `letterBands`.)
enum DitheredInk {
    /// How much darker than its paper (as a share of the paper's grey) a box's inside may be on
    /// average and still be empty.
    static let excessDarkness = 0.015

    /// How much darker than its paper (as a share of the paper's grey) a box's inside must be on
    /// average to be marked: `BoxInk.markedShare`, what a pen's stroke about as dark as the outline
    /// over that share of the inside makes it. Measured at 150 and 200 dpi: the outside check's
    /// pen crosses and circles from 0.068, its pen ticks mostly over 0.05 and its HB pencil ticks
    /// 0.015–0.05 (left to the review); the synthetic light pencil up to 0.023, an eraser's grey
    /// up to 0.15 (`strokeContrast` tells that one).
    static let inkExcess = BoxInk.markedShare

    /// How much darker than the lightest quarter of a box's cells its darkest tenth must be for
    /// its dots to lie in strokes. Measured on the outside check's dithered pages and the
    /// synthetic ones (150 and 200 dpi): pens' crosses and circles from 0.19, erasers' smudges up
    /// to 0.15, light pencil up to 0.12.
    static let strokeContrast = 0.17

    /// How many cells a side the inside of a box is cut into for `strokeContrast`: about 1.9
    /// points each (the inside is 11.6 points), a little wider than a pen's stroke.
    static let cellsPerSide = 6

    /// `readings` with each box whose dots are a pen's strokes marked, and each empty box that holds
    /// more dots than its paper unsure; `dots` is the page as scanned, `read` the page the readings
    /// were measured on.
    static func checked(
        _ readings: [TurnReading], dots: GrayImage, read: GrayImage, fix: PageFix, layout: WorksheetLayout
    ) -> [TurnReading] {
        readings.map { reading in
            let cell = layout.cell(forTurn: reading.turn)
            func second(_ ink: BoxInk, _ row: Rect) -> BoxInk {
                guard ink.verdict != .marked else { return ink }
                let box = BoxOutline.locate(WorksheetLayout.tickBox(inLabelRow: row), in: read, fix: fix).box
                let inside = insideDots(of: box, in: dots, fix: fix)
                if inside.excess >= inkExcess, inside.contrast >= strokeContrast {
                    return BoxInk(
                        ink: max(ink.ink, inside.excess), faint: ink.faint, paper: ink.paper,
                        letterRing: ink.letterRing, outlineFound: ink.outlineFound,
                        strokeLength: ink.strokeLength, letterRingTrace: ink.letterRingTrace, fill: ink.fill)
                }
                guard ink.verdict == .empty else { return ink }
                let bandExcess = PageReader.letterBands(of: box).map {
                    excess(of: mean(of: [$0], in: dots, fix: fix), paper: inside.paper)
                }
                guard inside.excess > excessDarkness || bandExcess.contains(where: { $0 > excessDarkness })
                else { return ink }
                return ink.faintAllOver()
            }
            let inkA = second(reading.inkA, cell.labelRowA)
            let inkB = second(reading.inkB, cell.labelRowB)
            return inkA == reading.inkA && inkB == reading.inkB
                ? reading : TurnReading(turn: reading.turn, inkA: inkA, inkB: inkB)
        }
    }

    /// The mean grey of the paper ring round `box` (`paper`); how much darker than it the box's
    /// inside is on average (`excess`); and how much darker the darkest tenth of the inside's
    /// `cellsPerSide` × `cellsPerSide` cells is than their lightest quarter (`contrast`); these two
    /// as shares of the paper's grey.
    static func insideDots(of box: Rect, in image: GrayImage, fix: PageFix)
        -> (paper: Double, excess: Double, contrast: Double)
    {
        let paperMean = mean(of: PageReader.paperSides(of: box), in: image, fix: fix)
        let inside = box.insetBy(2.2)
        let values = PageReader.samples(
            image, in: inside, homography: fix.homography, pixelsPerPoint: fix.pixelsPerPoint)
        let (columns, rows) = PageReader.grid(inside, pixelsPerPoint: fix.pixelsPerPoint)
        guard paperMean > 0, !values.isEmpty, values.count == columns * rows else { return (paperMean, 0, 0) }
        let side = cellsPerSide
        var sums = [Double](repeating: 0, count: side * side)
        var counts = [Int](repeating: 0, count: side * side)
        for (index, value) in values.enumerated() {
            let cell = (index / columns) * side / rows * side + (index % columns) * side / columns
            sums[cell] += value
            counts[cell] += 1
        }
        let cells = zip(sums, counts).filter { $0.1 > 0 }.map { excess(of: $0.0 / Double($0.1), paper: paperMean) }
            .sorted()
        let average = values.reduce(0, +) / Double(values.count)
        return (paperMean, excess(of: average, paper: paperMean), cells[cells.count * 9 / 10] - cells[cells.count / 4])
    }

    /// How much darker `grey` is than `paper`, as a share of the paper's grey; 0 on black paper.
    private static func excess(of grey: Double, paper: Double) -> Double {
        paper > 0 ? (paper - grey) / paper : 0
    }

    /// The mean grey of `image` over `rects` (page points); white where they hold no sample.
    private static func mean(of rects: [Rect], in image: GrayImage, fix: PageFix) -> Double {
        let values = rects.flatMap {
            PageReader.samples(image, in: $0, homography: fix.homography, pixelsPerPoint: fix.pixelsPerPoint)
        }
        return values.isEmpty ? 255 : values.reduce(0, +) / Double(values.count)
    }
}
