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
    ]

    @Test(arguments: rows)
    func verdictFollowsTheTable(row: Row) {
        let ink = BoxInk(
            ink: row.ink, faint: row.faint, paper: row.paper, letterRing: row.letterRing,
            strokeLength: row.strokeLength, letterRingTrace: row.letterRingTrace, largestInkPiece: row.largestInkPiece)
        #expect(ink.verdict == row.verdict)
    }

    /// A box whose outline was not found is unsure, whatever its ink.
    @Test func boxNotFoundIsUnsure() {
        let ink = BoxInk(ink: 0.3, faint: 0.5, paper: 200, letterRing: [0, 0, 0], outlineFound: false)
        #expect(ink.verdict == .unsure)
    }
}
