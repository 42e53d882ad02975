import ShapeRendering

/// A second look at the boxes of a thresholded 1-bit page (a copier's black-and-white setting): a
/// turn with any trace of ink near a box it reads as unmarked is flagged, never read as a blank or
/// a choice (issue 44: on such copies the threshold had left HB pencil, felt ticks beside an
/// erasure and one box of a double mark as a few black pixels, read as nothing).
///
/// A box is empty under `BoxInk.emptyShare` of ink, a margin for a grey page's grain and a photo's
/// noise. A thresholded page's paper is white, every pixel of it where the copier's glass was
/// clean, so a black pixel inside a box is a mark or what the threshold left of one (a light pen's
/// cross, an HB pencil tick). On the outside check's thresholded pages (15 classes of seeds 7–11)
/// not one of 1,733 empty boxes holds a sample of ink, while 20 of the 126 marks the threshold all
/// but dropped keep some: read as empty, their turns were blanks, or the other box's choice where a
/// child had marked both, with nothing to say so. The pixels must lie `inset` in from the box's
/// edge, out of its jagged outline; dust on the glass is flagged too, which a 1-bit copy cannot
/// tell from what is left of a pencil tick. Marks the threshold dropped whole are not in the
/// file and still read as blanks (`ScanAdvice` names the students whose pages were 1-bit).
enum ThresholdedInk {
    /// How far in from the box's edge black pixels are looked for, in points: past the printed
    /// outline's inner edge (0.45) and a pixel of a jagged outline at 150 dpi (0.5), with a
    /// point to spare for where `BoxOutline` put it.
    static let inset = 2.0

    /// How many black samples in the bands round a blank turn's letters are a trace: one more than
    /// a jagged letter's edge leaves there.
    static let leastInLetterBands = 2

    /// Why such a turn is flagged, for the box `letter`.
    static func reason(box letter: String) -> String {
        "black pixels in or beside box \(letter) on a black-and-white copy: what is left of a light mark the copier dropped?"
    }

    /// `readings` with each turn not flagged that has a trace of ink near a box it reads as unmarked
    /// flagged: an empty box holding black pixels `inset` in from its edge, a box beside a choice
    /// holding only a trace, or, on a turn read as a blank, black pixels in the paper round either
    /// box or round its letter; `scan` is the page as scanned.
    static func checked(
        _ readings: [TurnReading], scan: GrayImage, fix: PageFix, layout: WorksheetLayout
    ) -> [TurnReading] {
        readings.map { reading in
            guard reading.flag == nil else { return reading }
            let cell = layout.cell(forTurn: reading.turn)
            let blank = reading.choice == nil
            let traced = [("A", reading.inkA, cell.labelRowA), ("B", reading.inkB, cell.labelRowB)].first {
                _, ink, row in
                guard ink.verdict != .marked else { return false }
                if ink.verdict == .unsure { return true }
                let box = BoxOutline.locate(WorksheetLayout.tickBox(inLabelRow: row), in: scan, fix: fix).box
                if inkCount(in: [box.insetBy(inset)], of: scan, fix: fix) > 0 { return true }
                guard blank else { return false }
                return inkCount(in: PageReader.paperSides(of: box), of: scan, fix: fix) > 0
                    || inkCount(in: PageReader.letterStrokeBands(of: box), of: scan, fix: fix) >= leastInLetterBands
            }
            return traced.map { reading.flagged(reason(box: $0.0)) } ?? reading
        }
    }

    /// How many samples over `rects` (page points, about one a scan pixel) a black pixel of
    /// `image` reaches: sampled between pixels, at least `BoxInk.faintDarkness` darker than white.
    private static func inkCount(in rects: [Rect], of image: GrayImage, fix: PageFix) -> Int {
        rects.reduce(0) { count, rect in
            count
                + PageReader.samples(image, in: rect, homography: fix.homography, pixelsPerPoint: fix.pixelsPerPoint)
                .filter { $0 < 255 * (1 - BoxInk.faintDarkness) }.count
        }
    }
}
