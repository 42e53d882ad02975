import ShapeGame
import ShapeScan
import Testing

/// The rule for a turn (docs/scan.md, "The rule for a turn"): what two boxes' measures say.
struct TurnReadingTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let what: String
        let a: BoxInk
        let b: BoxInk
        let choice: ShapeLabel?
        let flagged: Bool

        var testDescription: String { what }
    }

    static let tick = BoxInk(ink: 0.18, faint: 0.6, paper: 200, letterRing: [0, 0, 0])
    static let empty = BoxInk(ink: 0, faint: 0.01, paper: 200, letterRing: [0, 0, 0])
    /// Seven specks of grain in a 150-dpi core of 196 samples.
    static let trace = BoxInk(ink: 0, faint: 0.036, paper: 200, letterRing: [0, 0, 0])

    static let rows: [Row] = [
        Row(what: "a tick in A", a: tick, b: empty, choice: .a, flagged: false),
        Row(what: "a tick in B", a: empty, b: tick, choice: .b, flagged: false),
        Row(what: "both empty: a blank", a: empty, b: empty, choice: nil, flagged: false),
        Row(what: "both ticked", a: tick, b: tick, choice: nil, flagged: true),
        Row(what: "a trace alone", a: trace, b: empty, choice: nil, flagged: true),
        Row(what: "a tick in A beside a trace in B", a: tick, b: trace, choice: .a, flagged: false),
        Row(what: "a trace in A beside a tick in B", a: trace, b: tick, choice: .b, flagged: false),
        Row(
            what: "a tick beside light pencil (faint over the trace's share)", a: tick,
            b: BoxInk(ink: 0, faint: 0.07, paper: 200, letterRing: [0, 0, 0]), choice: nil, flagged: true),
        Row(
            what: "a tick beside a pen's circle too light for ink", a: tick,
            b: BoxInk(ink: 0, faint: 0.46, paper: 200, letterRing: [0, 0, 0]), choice: nil, flagged: true),
        Row(
            what: "a tick beside a box with a few samples of ink", a: tick,
            b: BoxInk(ink: 0.004, faint: 0.036, paper: 200, letterRing: [0, 0, 0]), choice: nil, flagged: true),
        Row(
            what: "a tick beside a trace and part of a ring round its letter", a: tick,
            b: BoxInk(ink: 0, faint: 0.036, paper: 200, letterRing: [0.02, 0, 0]), choice: nil, flagged: true),
        Row(
            what: "a tick beside a trace and a pale ring traced round its letter", a: tick,
            b: BoxInk(ink: 0, faint: 0.036, paper: 200, letterRing: [0, 0, 0], letterRingTrace: [0.7, 0.8, 0.9]),
            choice: nil, flagged: true),
        Row(
            what: "a thin pencil's tick (marked by its length) beside a trace",
            a: BoxInk(ink: 0.03, faint: 0.3, paper: 200, letterRing: [0, 0, 0], strokeLength: 9), b: trace,
            choice: nil, flagged: true),
        Row(
            what: "the letter circled beside a trace",
            a: BoxInk(ink: 0, faint: 0, paper: 200, letterRing: [0.3, 0.4, 0.3]), b: trace, choice: nil,
            flagged: true),
        Row(
            what: "a tick beside a trace on paper too dark to judge", a: tick,
            b: BoxInk(ink: 0, faint: 0.036, paper: 50, letterRing: [0, 0, 0]), choice: nil, flagged: true),
        Row(what: "a trace in each box", a: trace, b: trace, choice: nil, flagged: true),
        Row(
            what: "a tick beside a pen's circle a blurred photo left grey all over (not an erasure)", a: tick,
            b: BoxInk(ink: 0, faint: 0.86, paper: 216, letterRing: [0, 0, 0], fill: 0.026, rubbed: 0.01, peak: 0.3),
            choice: nil, flagged: true),
        Row(
            what: "a tick beside an erasure: its core's lighter quarter 0.03 darker than its paper, 3/8 of its peak",
            a: tick, b: erasure, choice: .a, flagged: false),
        Row(what: "an erasure beside a tick", a: erasure, b: tick, choice: .b, flagged: false),
        Row(what: "an erasure alone", a: erasure, b: empty, choice: nil, flagged: true),
        Row(what: "an erasure in each box", a: erasure, b: erasure, choice: nil, flagged: true),
        Row(
            what: "a tick beside light pencil on clean paper (its core's lighter quarter paper)", a: tick,
            b: BoxInk(ink: 0, faint: 0.3, paper: 200, letterRing: [0, 0, 0], rubbed: -0.004, peak: 0.12),
            choice: nil, flagged: true),
        Row(
            what: "a tick beside rubbed paper holding a light stroke", a: tick,
            b: BoxInk(ink: 0.01, faint: 0.45, paper: 200, letterRing: [0, 0, 0], rubbed: 0.03, peak: 0.2),
            choice: nil, flagged: true),
        Row(
            what: "a thin pencil's tick (marked by its length) beside an erasure",
            a: BoxInk(ink: 0.03, faint: 0.3, paper: 200, letterRing: [0, 0, 0], strokeLength: 9), b: erasure,
            choice: nil, flagged: true),
        Row(
            what: "a tick beside a light pen's fill (grey all over)", a: tick,
            b: BoxInk(ink: 0, faint: 1, paper: 200, letterRing: [0, 0, 0], fill: 0.15, rubbed: 0.15, peak: 0.2),
            choice: nil, flagged: true),
        Row(
            what: "a tick beside an erasure and part of a ring round its letter", a: tick,
            b: BoxInk(ink: 0, faint: 0.45, paper: 200, letterRing: [0.02, 0, 0], rubbed: 0.03, peak: 0.08),
            choice: nil, flagged: true),
        Row(
            what: "a tick beside rubbed paper 0.007 darker (under the erasure level)", a: tick,
            b: BoxInk(ink: 0, faint: 0.45, paper: 200, letterRing: [0, 0, 0], rubbed: 0.007, peak: 0.08),
            choice: nil, flagged: true),
        Row(
            what: "a tick beside rubbed paper whose darkest samples are 0.17 (a pencil mark over a smudge)", a: tick,
            b: BoxInk(ink: 0, faint: 0.45, paper: 200, letterRing: [0, 0, 0], rubbed: 0.03, peak: 0.17),
            choice: nil, flagged: true),
        Row(
            what: "a tick beside rubbed paper holding a short dash 0.3 dark", a: tick,
            b: BoxInk(
                ink: 0, faint: 0.45, paper: 200, letterRing: [0, 0, 0],
                pieces: InkPieces([InkPieces.Piece(reach: 2.5, peak: 0.3)]), rubbed: 0.03, peak: 0.08),
            choice: nil, flagged: true),
        Row(
            what: "a tick beside two specks of dust", a: tick,
            b: BoxInk(
                ink: 0.02, faint: 0.1, paper: 200, letterRing: [0, 0, 0],
                pieces: InkPieces([InkPieces.Piece(reach: 1.5, peak: 0.5), InkPieces.Piece(reach: 1, peak: 0.4)])),
            choice: .a, flagged: false),
    ]

    /// An eraser's rubbed paper beside nothing else (`BoxInk.holdsOnlyAnErasure`).
    static let erasure = BoxInk(
        ink: 0, faint: 0.45, paper: 200, letterRing: [0, 0, 0], fill: 0.013, rubbed: 0.03, peak: 0.08)

    @Test(arguments: rows)
    func turnFollowsTheRule(row: Row) {
        let reading = TurnReading(turn: 1, inkA: row.a, inkB: row.b)
        #expect(reading.choice == row.choice)
        #expect((reading.flag != nil) == row.flagged, "\(reading.flag ?? "no flag")")
    }

    /// A trace is what a box unsure only through a little faint ink in its core holds; a marked
    /// or empty box holds none.
    @Test func onlyAnUnsureBoxHoldsATrace() {
        #expect(Self.trace.verdict == .unsure)
        #expect(Self.trace.holdsOnlyATrace)
        #expect(!Self.empty.holdsOnlyATrace)
        #expect(!Self.tick.holdsOnlyATrace)
        #expect(Self.tick.firmlyMarked)
        #expect(!Self.trace.firmlyMarked)
    }

    /// Whatever the two boxes hold, a box whose outline was not found flags the turn.
    @Test func boxNotFoundFlagsTheTurnBesideATrace() {
        let lost = BoxInk(ink: 0.18, faint: 0.6, paper: 200, letterRing: [0, 0, 0], outlineFound: false)
        let reading = TurnReading(turn: 1, inkA: lost, inkB: Self.trace)
        #expect(reading.choice == nil)
        #expect(reading.flag != nil)
    }
}
