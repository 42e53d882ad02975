/// A second look at the boxes of a thresholded 1-bit page (a copier's black-and-white setting): a
/// box read as empty that holds any black inside its slack is unsure.
///
/// A box is empty under `BoxInk.emptyShare` of ink, a margin for a grey page's grain and a photo's
/// noise. A thresholded page has neither: its paper is white, every pixel of it, so a black pixel
/// inside a box is a mark or what the threshold left of one (a light pen's cross, an HB pencil
/// tick, a few pixels of each). On the outside check's thresholded pages (15 classes of seeds 7–11)
/// not one of 1,733 empty boxes holds a sample of ink, while 20 of the 126 marks the threshold all
/// but dropped keep some: read as empty, their turns were blanks, or the other box's choice where
/// a child had marked both, with nothing to say so. Now such a turn is flagged. Marks the threshold
/// dropped whole are not in the file and still read as blanks (`ScanAdvice` tells the teacher).
enum ThresholdedInk {
    /// `readings` with each empty box that holds some ink (`BoxInk.ink` over 0) unsure.
    static func checked(_ readings: [TurnReading]) -> [TurnReading] {
        readings.map { reading in
            func second(_ ink: BoxInk) -> BoxInk {
                ink.verdict == .empty && ink.ink > 0 ? ink.faintAllOver() : ink
            }
            let (inkA, inkB) = (second(reading.inkA), second(reading.inkB))
            return inkA == reading.inkA && inkB == reading.inkB
                ? reading : TurnReading(turn: reading.turn, inkA: inkA, inkB: inkB)
        }
    }
}
