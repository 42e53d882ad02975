import ShapeRendering

/// A second look at the boxes of a thresholded 1-bit page (a copier's black-and-white setting): a
/// turn with a box read as empty that holds black pixels well inside it, on paper that has none
/// round the box, is flagged.
///
/// A box is empty under `BoxInk.emptyShare` of ink, a margin for a grey page's grain and a photo's
/// noise. A thresholded page's paper is white, every pixel of it where the copier's glass was
/// clean, so a black pixel inside a box is a mark or what the threshold left of one (a light pen's
/// cross, an HB pencil tick). On the outside check's thresholded pages (15 classes of seeds 7–11)
/// not one of 1,733 empty boxes holds a sample of ink, while 20 of the 126 marks the threshold all
/// but dropped keep some: read as empty, their turns were blanks, or the other box's choice where a
/// child had marked both, with nothing to say so. Two guards keep dust and the box's own outline
/// out: the pixels must lie `inset` in from the box's edge, and the paper round the box
/// (`PageReader.paperSides`) must hold none. Marks the threshold dropped whole are not in the file
/// and still read as blanks (`ScanAdvice` tells the teacher).
enum ThresholdedInk {
    /// How far in from the box's edge black pixels are looked for, in points: 0.8 more than the
    /// slack `BoxInk.ink` leaves, about two pixels at 150 dpi, so that a jagged or stretched
    /// outline is not taken for a mark.
    static let inset = 3.0

    /// Why such a turn is flagged.
    static let reason = "a few black pixels in a box, perhaps what a black-and-white copy left of a light mark"

    /// `readings` with each turn not flagged that has an empty box holding black pixels, on clean
    /// paper, flagged; `scan` is the page as scanned.
    static func checked(
        _ readings: [TurnReading], scan: GrayImage, fix: PageFix, layout: WorksheetLayout
    ) -> [TurnReading] {
        readings.map { reading in
            guard reading.flag == nil else { return reading }
            let cell = layout.cell(forTurn: reading.turn)
            let speckled = [(reading.inkA, cell.labelRowA), (reading.inkB, cell.labelRowB)].contains { ink, row in
                guard ink.verdict == .empty, ink.ink > 0 else { return false }
                let box = BoxOutline.locate(WorksheetLayout.tickBox(inLabelRow: row), in: scan, fix: fix).box
                // The samples `BoxInk.ink` counted, less those within `inset` of the box's edge.
                let deep = box.insetBy(inset)
                let inside = PageReader.samplePoints(box.insetBy(2.2), pixelsPerPoint: fix.pixelsPerPoint).filter {
                    $0.x >= deep.x && $0.x <= deep.maxX && $0.y >= deep.y && $0.y <= deep.maxY
                }
                let paper = PageReader.paperSides(of: box).flatMap {
                    PageReader.samplePoints($0, pixelsPerPoint: fix.pixelsPerPoint)
                }
                return inkCount(inside, of: scan, fix: fix) > 0 && inkCount(paper, of: scan, fix: fix) == 0
            }
            return speckled ? reading.flagged(reason) : reading
        }
    }

    /// How many of `points` (page points) a black pixel of `image` reaches: sampled between pixels,
    /// at least `BoxInk.faintDarkness` darker than white.
    private static func inkCount(_ points: [Point], of image: GrayImage, fix: PageFix) -> Int {
        PageReader.samples(image, at: points, homography: fix.homography).filter {
            $0 < 255 * (1 - BoxInk.faintDarkness)
        }.count
    }
}
