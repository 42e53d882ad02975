import ShapeScan
import Testing

/// The table of docs/scan.md ("How a page is read"): what a box's measures say.
struct BoxInkVerdictTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let what: String
        let ink: Double
        let faint: Double
        let letterRing: [Double]
        var strokeLength = 0.0
        var letterRingTrace = [0.0, 0.0, 0.0]
        var paper = 200.0
        var largestInkPiece: Double? = nil
        var pieces: InkPieces? = nil
        var rubbed = 0.0
        let verdict: BoxInk.Verdict

        var testDescription: String { what }
    }

    static let rows: [Row] = [
        Row(what: "a pen's tick", ink: 0.08, faint: 0.3, letterRing: [0, 0, 0], verdict: .marked),
        Row(
            what: "a thin pencil's tick: little ink, a long stroke", ink: 0.03, faint: 0.3, letterRing: [0, 0, 0],
            strokeLength: 9, verdict: .marked),
        Row(
            what: "a stroke that barely enters the box", ink: 0.03, faint: 0.1, letterRing: [0, 0, 0],
            strokeLength: 3, verdict: .unsure),
        Row(what: "a clean box", ink: 0, faint: 0.01, letterRing: [0, 0, 0], verdict: .empty),
        Row(what: "light pencil", ink: 0, faint: 0.2, letterRing: [0, 0, 0], verdict: .unsure),
        Row(what: "the letter circled", ink: 0, faint: 0, letterRing: [0.3, 0.4, 0.3], verdict: .marked),
        Row(
            what: "the letter circled, the ring running through the box's side", ink: 0, faint: 0.08,
            letterRing: [0.3, 0.4, 0.3], verdict: .marked),
        Row(
            what: "the letter circled and ink in the box", ink: 0.03, faint: 0.2, letterRing: [0.3, 0.4, 0.3],
            verdict: .unsure),
        Row(what: "part of a ring round the letter", ink: 0, faint: 0, letterRing: [0.3, 0.4, 0.02], verdict: .unsure),
        Row(
            what: "a ring too pale to count, traced along all three bands", ink: 0, faint: 0, letterRing: [0, 0, 0],
            letterRingTrace: [0.7, 0.9, 0.6], verdict: .unsure),
        Row(
            what: "a light line along two sides of the letter only", ink: 0, faint: 0, letterRing: [0, 0, 0],
            letterRingTrace: [1, 0, 1], verdict: .empty),
        Row(what: "paper too dark to judge", ink: 0, faint: 0, letterRing: [0, 0, 0], paper: 50, verdict: .unsure),
        Row(
            what: "a pen's tick in one piece", ink: 0.08, faint: 0.3, letterRing: [0, 0, 0], strokeLength: 3,
            largestInkPiece: 0.07, verdict: .marked),
        Row(
            what: "dust specks that add up to a tick's ink, none of them half of it, all short", ink: 0.052,
            faint: 0.3, letterRing: [0, 0, 0], strokeLength: 3.6, largestInkPiece: 0.037, verdict: .unsure),
        Row(
            what: "a ballpoint's tick broken by skips: short pieces, one long stroke", ink: 0.06, faint: 0.3,
            letterRing: [0, 0, 0], strokeLength: 9, largestInkPiece: 0.03, verdict: .marked),
        Row(
            what: "two black specks among grain", ink: 0.02, faint: 0.1, letterRing: [0, 0, 0],
            pieces: dust([(1.5, 0.5), (2, 0.3), (0.7, 0.05)]), verdict: .empty),
        Row(
            what: "four black specks", ink: 0.02, faint: 0.1, letterRing: [0, 0, 0],
            pieces: dust([(1, 0.5), (1, 0.5), (1, 0.5), (1, 0.5)]), verdict: .unsure),
        Row(
            what: "a black stroke 3.5 points long", ink: 0.02, faint: 0.1, letterRing: [0, 0, 0],
            pieces: dust([(3.5, 0.6)]), verdict: .unsure),
        Row(
            what: "a grey dot (pencil)", ink: 0, faint: 0.05, letterRing: [0, 0, 0], pieces: dust([(1.5, 0.15)]),
            verdict: .unsure),
        Row(
            what: "light pencil broken by grain into pieces of one darkness", ink: 0, faint: 0.1,
            letterRing: [0, 0, 0], pieces: dust([(2.5, 0.21), (1.8, 0.17), (1.8, 0.15)]), verdict: .unsure),
        Row(
            what: "a speck on rubbed paper", ink: 0.01, faint: 0.4, letterRing: [0, 0, 0], pieces: dust([(1, 0.5)]),
            rubbed: 0.03, verdict: .unsure),
        Row(
            what: "a speck beside light pencil broken by grain into four short pieces", ink: 0.01, faint: 0.1,
            letterRing: [0, 0, 0], pieces: dust([(1, 0.5), (1.5, 0.1), (1.5, 0.1), (1.5, 0.1), (1.5, 0.1)]),
            verdict: .unsure),
        Row(
            what: "a dark spot that a light stroke runs out of", ink: 0.01, faint: 0.2, letterRing: [0, 0, 0],
            pieces: InkPieces([InkPieces.Piece(reach: 1, peak: 0.5, extent: 9)]), verdict: .unsure),
        Row(
            what: "a speck beside a light stroke", ink: 0.01, faint: 0.1, letterRing: [0, 0, 0],
            pieces: dust([(1, 0.5), (6, 0.1)]), verdict: .unsure),
        Row(
            what: "a speck beside part of a ring round the letter", ink: 0.01, faint: 0.1,
            letterRing: [0.3, 0.4, 0.02], pieces: dust([(1, 0.5)]), verdict: .unsure),
        Row(
            what: "specks on paper too dark to judge", ink: 0.01, faint: 0.1, letterRing: [0, 0, 0], paper: 50,
            pieces: dust([(1, 0.5)]), verdict: .unsure),
    ]

    /// Pieces of the given reach and darkness.
    static func dust(_ pieces: [(reach: Double, peak: Double)]) -> InkPieces {
        InkPieces(pieces.map { InkPieces.Piece(reach: $0.reach, peak: $0.peak) })
    }

    @Test(arguments: rows)
    func verdictFollowsTheTable(row: Row) {
        let ink = BoxInk(
            ink: row.ink, faint: row.faint, paper: row.paper, letterRing: row.letterRing,
            strokeLength: row.strokeLength, letterRingTrace: row.letterRingTrace, largestInkPiece: row.largestInkPiece,
            pieces: row.pieces, rubbed: row.rubbed)
        #expect(ink.verdict == row.verdict)
    }

    /// A box whose outline was not found is unsure, whatever its ink.
    @Test func boxNotFoundIsUnsure() {
        let ink = BoxInk(ink: 0.3, faint: 0.5, paper: 200, letterRing: [0, 0, 0], outlineFound: false)
        #expect(ink.verdict == .unsure)
    }
}
