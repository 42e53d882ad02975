import ShapeGame
import ShapeScan
import Testing

/// What an unsure box is said to hold (`BoxSighting`), from its measures, and the flag a turn gets
/// from it: a speck is called a speck and a solid fill a fill, not "too faint or too small".
struct BoxSightingTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let what: String
        let ink: BoxInk
        let sighting: BoxSighting

        var testDescription: String { what }
    }

    static let clean: [Double] = [0, 0, 0]

    static let rows: [Row] = [
        Row(
            what: "dust: a few faint samples", ink: BoxInk(ink: 0, faint: 0.04, paper: 200, letterRing: clean),
            sighting: .speck),
        Row(
            what: "light pencil over the box", ink: BoxInk(ink: 0, faint: 0.3, paper: 200, letterRing: clean),
            sighting: .lightMark),
        Row(
            what: "a fill too light to be marked: grey all over, lighter than ink",
            ink: BoxInk(ink: 0, faint: 1, paper: 200, letterRing: clean, fill: 0.15), sighting: .solidFill),
        Row(
            what: "a black dot", ink: BoxInk(ink: 0.03, faint: 0.05, paper: 200, letterRing: clean, strokeLength: 0.5),
            sighting: .dot),
        Row(
            what: "a stroke that barely enters the box",
            ink: BoxInk(ink: 0.03, faint: 0.1, paper: 200, letterRing: clean, strokeLength: 3), sighting: .shortStroke),
        Row(
            what: "a fill over the box's edges",
            ink: BoxInk(ink: 0.9, faint: 1, paper: 40, letterRing: clean), sighting: .fillOverEdges),
        Row(
            what: "a deep shadow", ink: BoxInk(ink: 0, faint: 0, paper: 40, letterRing: clean), sighting: .darkPaper),
        Row(
            what: "part of a ring round the letter",
            ink: BoxInk(ink: 0, faint: 0, paper: 200, letterRing: [0.2, 0, 0]), sighting: .partRing),
    ]

    @Test(arguments: rows)
    func anUnsureBoxIsNamedByWhatItHolds(_ row: Row) {
        #expect(row.ink.verdict == .unsure)
        #expect(BoxSighting(row.ink) == row.sighting)
    }

    /// The flag names the unsure box first, then the other box's state.
    @Test func theFlagSaysWhatWasSeenInWhichBox() {
        let speck = BoxInk(ink: 0, faint: 0.04, paper: 200, letterRing: Self.clean)
        let empty = BoxInk(ink: 0, faint: 0, paper: 200, letterRing: Self.clean)
        let fill = BoxInk(ink: 0, faint: 1, paper: 200, letterRing: Self.clean, fill: 0.15)
        let specked = TurnReading(turn: 1, inkA: empty, inkB: speck)
        #expect(specked.flag == "a speck in box B; box A empty" && specked.choice == nil && specked.isUnsure)
        let filled = TurnReading(turn: 2, inkA: fill, inkB: empty)
        #expect(filled.flag?.hasPrefix("a solid fill lighter than ink in box A") == true && filled.isUnsure)
        #expect(filled.flag?.hasSuffix("; box B empty") == true, "\(filled.flag ?? "")")
        #expect(!TurnReading(turn: 3, inkA: empty, inkB: empty).isUnsure)
        // An orange felt fill, three quarters of the box 0.3 darker than its paper, is a mark.
        let orange = TurnReading(turn: 4, inkA: empty, inkB: BoxInk(ink: 0, faint: 1, paper: 200, fill: 0.3))
        #expect(orange.choice == .b && orange.flag == nil)
    }
}
