import ShapeRendering

/// A second look at the empty boxes of a dithered 1-bit page: the share of black dots inside the
/// box against the share in the paper around it.
///
/// A dithered copy draws light pencil, a thin circle and a thin ring round a letter as a few more
/// dots than the paper has, which the filtered page (`BilevelScan`) can leave too light for the
/// ink and faint tests. Counted over the whole inside of the box (its outline and 2.2 points of
/// slack left out), or over a band round its letter, they are plain: an empty box whose inside,
/// or any of the three bands above, below and right of its letter, is `excessDarkness` darker on
/// average than the ring of paper left of, above and below the box is not empty but unsure. This
/// only moves a box from empty to unsure, so a turn it changes goes to the review, never to
/// another choice. (The paper and the bands are `PageReader.ink`'s: `paperSides`, `letterBands`.)
enum DitheredInk {
    /// How much darker than its paper (as a share of the paper's grey) a box's inside may be on
    /// average and still be empty.
    static let excessDarkness = 0.015

    /// `readings` with each empty box that holds more dots than its paper made unsure; `dots` is
    /// the page as scanned, `read` the page the readings were measured on.
    static func checked(
        _ readings: [TurnReading], dots: GrayImage, read: GrayImage, fix: PageFix, layout: WorksheetLayout
    ) -> [TurnReading] {
        readings.map { reading in
            let cell = layout.cell(forTurn: reading.turn)
            func second(_ ink: BoxInk, _ row: Rect) -> BoxInk {
                guard ink.verdict == .empty else { return ink }
                let box = BoxOutline.locate(WorksheetLayout.tickBox(inLabelRow: row), in: read, fix: fix).box
                let regions = [box.insetBy(2.2)] + PageReader.letterBands(of: box)
                guard regions.contains(where: { excess(in: $0, beside: box, of: dots, fix: fix) > excessDarkness })
                else { return ink }
                return BoxInk(
                    ink: ink.ink, faint: 1, paper: ink.paper, letterRing: ink.letterRing,
                    outlineFound: ink.outlineFound, strokeLength: ink.strokeLength,
                    letterRingTrace: ink.letterRingTrace)
            }
            let inkA = second(reading.inkA, cell.labelRowA)
            let inkB = second(reading.inkB, cell.labelRowB)
            return inkA == reading.inkA && inkB == reading.inkB
                ? reading : TurnReading(turn: reading.turn, inkA: inkA, inkB: inkB)
        }
    }

    /// How much darker the mean grey in `region` is than the mean of the paper ring round `box`, as
    /// a share of the paper's.
    static func excess(in region: Rect, beside box: Rect, of image: GrayImage, fix: PageFix) -> Double {
        func mean(_ rects: [Rect]) -> Double {
            let values = rects.flatMap {
                PageReader.samples(image, in: $0, homography: fix.homography, pixelsPerPoint: fix.pixelsPerPoint)
            }
            return values.isEmpty ? 255 : values.reduce(0, +) / Double(values.count)
        }
        let paper = mean(PageReader.paperSides(of: box))
        guard paper > 0 else { return 0 }
        return (paper - mean([region])) / paper
    }
}
