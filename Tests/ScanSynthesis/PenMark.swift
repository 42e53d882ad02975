/// A mark a child (or a smudge) leaves on a turn, as the synthetic scans draw it, and what a
/// correct reader must make of it.
package enum PenMark: String, CaseIterable, Sendable {
    case tick, heavyTick, cross, fill, circle, circledLetter, outOfBox, stray, faint, smudge, double, blank
    /// A letter circled in a ring lighter than ink (as a blurred phone photo leaves a thin pen's):
    /// not drawn by the weights, drawn alone by the tests.
    case paleCircledLetter
    /// A cross in a thin red ballpoint (about 1 point wide, a grey of 0.3 on the grey page):
    /// what a dithered 1-bit copy turns into a line of scattered dots. Not drawn by the weights,
    /// drawn alone by the tests.
    case thinRedCross

    /// The box the mark chooses, when it is a clear choice: a tick, a cross, a filled box, a
    /// circle in the box or round the letter, strokes running out of the box, a tick with a stray
    /// stroke elsewhere in the cell.
    package var isChoice: Bool {
        [
            .tick, .heavyTick, .cross, .fill, .circle, .circledLetter, .paleCircledLetter, .thinRedCross, .outOfBox,
            .stray,
        ].contains(self)
    }
    /// Whether a reader must flag it (never guess it): both boxes marked.
    package var mustFlag: Bool { self == .double }
    /// Faint pencil and an erasure's smudge: flagged when any ink of them is in the scan, never
    /// read as a choice (a 1-bit scan can lose them entirely; then a blank is all there is to read).
    package var isFaint: Bool { self == .faint || self == .smudge }

    /// How often each mark is drawn, out of 100.
    package static let weights: [(PenMark, Int)] = [
        (.tick, 30), (.heavyTick, 4), (.cross, 12), (.fill, 8), (.circle, 7), (.circledLetter, 6), (.outOfBox, 6),
        (.stray, 5), (.faint, 4), (.smudge, 3), (.double, 5), (.blank, 10),
    ]
}
