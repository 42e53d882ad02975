/// How much ink one answer box holds, and the ring round its letter, against the paper around
/// it, and what that says.
///
/// The paper is measured in a ring left of, above and below the box: its level (the median grey)
/// and its noise (the median absolute deviation, as a standard deviation, of the least noisy of
/// the ring's three sides, each about its own median), so uneven light, a shadow, a grey copy and
/// a grainy photo each set their own scale, and the hard edge of a phone's shadow across one side
/// of the ring is not taken for grain. Each sample inside the box (its printed outline and 2.2 pt
/// of slack excluded) has a darkness `(paper − grey) / paper`: `ink` is the share of samples
/// darker than 0.4 (pen, pencil pressed hard), or of light strokes (`StrokeInk`: as dark as 0.3
/// of the box's printed outline, or 0.22 on clean paper, with paper on both sides), whichever is
/// more; `strokeLength` how long the light strokes on clean paper run, whatever the pen's width
/// (`StrokeSkeleton`: a thin pencil's tick across the box is under `markedShare` of its area, and
/// `markedLength` long); `faint` the area, as a share of the box's core (4.5 pt in from the
/// outline, out of reach of a blurred outline's shadow), of samples darker than the faint level: `faintDarkness`, or
/// `faintNoiseMultiple` times the paper's noise when that is more (light pencil, an erasure's
/// smudge, any ink at all that stands out of the paper's grain), in the core against the paper
/// (its level, or its slope where that is darker: `PaperSlope`) and only with another such sample
/// beside it (a photo's grain leaves single samples over the level), and between the slack and
/// the core against the band itself `bandReach` either way along its side (the outline's blurred
/// shadow is the same all along a side; a stroke or a thin circle crossing the band is darker
/// than the band beside it) and against the paper (`bandPaperShare` of the level).
///
/// A lower faint level can only raise `faint`, and `faint` only ever keeps a box from being
/// `empty`: it turns a box unsure, never marked, so a turn it changes goes to the review, never to
/// another choice. It does not keep a circled letter from being `marked`: the ring runs between the
/// letter and the box, often through the box's side, where it reads as faint.
///
/// `letterRing` is the ink share in three bands round the shape's letter beside the box: above
/// it, below it and right of it (the letter itself and the gap to the box left out): in each, the
/// share of ink against the box's paper or of strokes against the band's own paper
/// (`ringStrokeDarkness`), whichever is more, so that a ring a blurred photo has left lighter than
/// ink still counts. A letter circled instead of its box is a stroke in all three; a ring too
/// light for that is not clean either, and the turn is flagged, never read as a blank: by its
/// ink or strokes in any band, or, lighter still, by a line along all three (`letterRingTrace`,
/// `RingTrace`).
package struct BoxInk: Sendable, Equatable {
    package enum Verdict: String, Sendable, Equatable {
        /// Clearly marked: a tick, a cross, a fill, a circle's stroke through the box, or the
        /// letter circled.
        case marked
        /// Clearly empty, the letter's ring too.
        case empty
        /// Neither: too faint, or too little to call.
        case unsure
    }

    /// How much darker than its paper a sample must be to be ink, whatever the page's blur.
    package static let inkDarkness = 0.4
    /// At or above this share of inked samples, a box is marked.
    package static let markedShare = 0.05
    /// At or above this length, in points, of light strokes on the page's own paper (with at
    /// least `emptyShare` of ink), a box is marked too: a thin pen's tick across the box, under
    /// `markedShare` of its area (`StrokeSkeleton`). Half the inside's side: what barely enters the
    /// box is shorter, a tick longer.
    package static let markedLength = 5.0
    /// Below this share of inked samples (and `faintShare` of faint ones), a box is empty.
    package static let emptyShare = 0.015
    package static let faintShare = 0.03
    /// Under this share of the core faint, with no ink at all and a clean letter ring, an unsure
    /// box holds only a trace (`holdsOnlyATrace`): twice `faintShare`, a few specks of a photo's
    /// grain or what an eraser leaves. A pen's circle a blurred photo left too light for ink is
    /// over 0.4 of the core faint (docs/scan.md, "A trace beside a firm mark").
    package static let traceShare = 0.06
    /// How far in from the box's edge faint ink is looked for, in points.
    package static let faintInset = 4.5
    /// How far along a side, in points, the band between the slack and the core is compared
    /// with itself: more than a blurred pencil stroke is wide, little enough that a slope of the
    /// light along the side stays under the faint level.
    package static let bandReach = 2.5
    /// How much of the faint level a sample of the band (between the slack and the core) must
    /// be darker than the paper, besides standing out of the band beside it by the whole level: a
    /// phone JPEG's ringing beside the outline makes samples of the band lighter than the paper,
    /// and the one between them stands out of them. At the whole level, a faint pencil mark
    /// that 0.9 flags read as a blank in each of two held-out sets of phone photos (docs/scan.md,
    /// "Ringing in the band").
    package static let bandPaperShare = 0.9
    /// The least darkness counted as faint, whatever the paper's noise. Light pencil on a blurred
    /// phone photo is 0.015–0.054 darker than its paper (median 0.03), several times the grain
    /// of 0.7–2.2 grey levels (under 0.01 of paper of 200); at the earlier 0.06 most of it read as
    /// a blank. At 0.03 the phone's empty boxes are flagged a little more often (docs/scan.md,
    /// "Faint marks the phone reads as blank", has the figures).
    package static let faintDarkness = 0.03
    /// How many times the paper's noise (as a standard deviation) a sample must be darker than
    /// the paper to count as faint, when that is more than `faintDarkness`: three standard
    /// deviations leave about one sample in 700 of plain grain over the level, far under
    /// `faintShare`.
    package static let faintNoiseMultiple = 3.0
    /// At or above this `fill`, a box is marked: three quarters of its inside at least this much
    /// darker than every side of the paper round it is a fill in a pen lighter than ink (orange or
    /// pink felt is about 0.3 darker than white paper, a light pencil's shading 0.15–0.3), which
    /// the ink and stroke tests miss (a fill has no paper beside its strokes) and which was
    /// flagged as too faint to call. An eraser's rubbed paper is up to 0.15 (`ScanSynthesis`'s
    /// smudges, the outside check's 0.02–0.06); a shadow over the box lies over a side of the ring
    /// too, and is measured against it.
    package static let solidFill = 0.2
    /// At or above this `rubbed`, and `rubbedShare` of the box's `peak`, with no ink, no light
    /// stroke and the inside not grey all over, an unsure box is an eraser's rubbed paper
    /// (`holdsOnlyAnErasure`). The lighter quarter of the outside check's erasures is up to 0.035
    /// darker than the paper under it, over 0.008 in most; of light pencil on clean paper, 0.003
    /// at most, and of the paper beside a stroke, less than 0 (grain) (docs/scan.md, "Erasures
    /// beside a tick").
    package static let rubbedLevel = 0.008
    /// At most this dark (`peak`) is an erasure: what an eraser leaves is at most 0.142 darker
    /// than the paper at its darkest in the outside check (101 erasures), while an HB pencil
    /// tick (0.3) over a smudge, whose light strokes `StrokeInk` does not judge on grey paper, is
    /// 0.178 on a blurred 150-dpi photo and darker at finer resolutions
    /// (`ErasureBesideATickTests`): the margin is about 0.02 on either side.
    package static let erasedPeak = 0.16
    /// At most this dark is the darkest piece of an erasure (`InkPieces`), however small: a short
    /// dash of pencil under 2% of the box does not reach its `peak`. The outside check's erasures
    /// are at most 0.206 at their darkest sample.
    package static let erasedPieceDarkness = 0.21
    /// How much of the box's `peak` its `rubbed` must be for an erasure: the rubbed grey is much
    /// of what an eraser leaves (0.06–0.45 of the peak in the outside check), while a pen's circle
    /// a blurred photo left grey all over is far darker at its stroke than at its lighter quarter.
    package static let rubbedShare = 0.05
    /// How much darker than the paper a dot of dust is at its darkest: a speck is ink, not pencil.
    /// The outside check's black specks (0.5–1.3 points wide) are 0.1–0.79 darker at their darkest
    /// on a grey copy or a phone photo, most over 0.2; where light pencil has a piece as dark, the
    /// piece is a stroke 4.6 points long or more (docs/scan.md, "Dust in a box").
    package static let speckDarkness = 0.2
    /// At most this many dots are dust (`holdsOnlyDust`).
    package static let mostSpecks = 3
    /// Under this share of ink (twice `markedShare`), and in pieces under `markedShare` each
    /// (`largestInkPiece`), a box may be dust: three specks with their blurred edges are 5–8% of
    /// a box's inside.
    package static let dustShare = 0.1
    /// How far, in points, a dot of dust reaches at most (`InkPieces.Piece.reach`, where it is at
    /// least half as dark as its darkest): about a millimetre. The outside check's specks reach
    /// 0.7–2.2 points so, a few up to 3.6; a tick, a cross, a circle or light pencil reaches
    /// across much of the box's 11.6-point inside.
    package static let speckReach = 3.0
    /// How far, in points, a dot of dust reaches whole, its blurred halo over the faint level
    /// included: a light stroke that runs out of a dark spot reaches farther.
    package static let speckExtent = 5.0
    /// How far, in points, what else a box of dust holds may reach (pieces lighter than
    /// `speckDarkness`), and how many such pieces it may hold: a photo's grain, not a stroke. The
    /// outside check's boxes read as dust hold at most three (one in 43 held more).
    package static let grainReach = 2.0
    package static let mostGrains = 3
    /// How many times darker than the darkest of the rest each dot of dust is: an opaque dot on
    /// clean paper stands out of the grain, while light pencil that grain broke up is pieces of
    /// about one darkness.
    package static let speckContrast = 2.0
    /// Under this grey (of 255), the paper round a box is too dark to judge its ink.
    package static let leastPaper = 60.0
    /// A band of the letter's ring with at least this share of ink holds a stroke.
    package static let ringStrokeShare = 0.05
    /// How much darker than its band's own paper a sample of the letter's ring must be to be a
    /// stroke: half of ink's darkness, more than a photo's shadow puts across a band.
    package static let ringStrokeDarkness = 0.2
    /// Below this share of ink (and strokes) in every band, the letter's ring is clean.
    package static let ringCleanShare = 0.01

    package let ink: Double
    /// Where the box's ink (samples darker than `inkDarkness`, and light strokes) covers
    /// `markedShare` or more of it, the share its largest piece covers (samples joined through any
    /// of their eight neighbours); nil where there is less, or it was not measured. Dust specks
    /// that a photo or a copier's glass leave can add up to `markedShare` in a small box, each of
    /// them under it: scattered ink that is not a long stroke either does not mark a box.
    package let largestInkPiece: Double?
    /// How long, in points, the light strokes on the page's own paper inside the box run
    /// (`StrokeSkeleton`); 0 when not measured.
    package let strokeLength: Double
    package let faint: Double
    package let paper: Double
    /// The ink (or stroke) share above, below and right of the letter; empty when not measured.
    package let letterRing: [Double]

    /// The longest light line's extent along each band of the letter's ring, as a share of the
    /// band's length (`RingTrace`); empty when not measured.
    package let letterRingTrace: [Double]

    /// Whether the box's printed outline was found near where the page's marks put it
    /// (`BoxOutline`); a box not found is unsure, whatever its ink.
    package let outlineFound: Bool

    /// How much darker than the darkest side of the paper ring the lighter quarter of the box's
    /// inside is: about 0 beside any stroke, more where the box is grey all over (a fill, or an
    /// eraser's rubbed paper); 0 when not measured. At `solidFill` or more the box is marked.
    package let fill: Double

    /// The pieces of what the box holds (`InkPieces`); nil when not measured.
    package let pieces: InkPieces?

    /// How much darker than the paper under it the lighter quarter of the box's core is: below 0
    /// (grain) beside any stroke on clean paper, the grey an eraser rubbed into the paper where
    /// the whole core was rubbed; 0 when not measured.
    package let rubbed: Double

    /// How much darker than the paper the box's darkest samples are (the 98th percentile of its
    /// inside); 0 when not measured.
    package let peak: Double

    package init(
        ink: Double, faint: Double, paper: Double, letterRing: [Double] = [], outlineFound: Bool = true,
        strokeLength: Double = 0, letterRingTrace: [Double] = [], fill: Double = 0, largestInkPiece: Double? = nil,
        pieces: InkPieces? = nil, rubbed: Double = 0, peak: Double = 0
    ) {
        self.pieces = pieces
        self.rubbed = rubbed
        self.peak = peak
        self.fill = fill
        self.largestInkPiece = largestInkPiece
        self.ink = ink
        self.strokeLength = strokeLength
        self.faint = faint
        self.paper = paper
        self.letterRing = letterRing
        self.letterRingTrace = letterRingTrace
        self.outlineFound = outlineFound
    }

    /// The same measure of a box whose outline was not found.
    func outlineLost() -> BoxInk {
        BoxInk(
            ink: ink, faint: faint, paper: paper, letterRing: letterRing, outlineFound: false,
            strokeLength: strokeLength, letterRingTrace: letterRingTrace, fill: fill, largestInkPiece: largestInkPiece,
            pieces: pieces, rubbed: rubbed, peak: peak)
    }

    /// The same measure of a box that a second look at the page (`DitheredInk`) found more in than
    /// its grey showed: faint all over, so unsure unless it is marked.
    func faintAllOver() -> BoxInk {
        BoxInk(
            ink: ink, faint: 1, paper: paper, letterRing: letterRing, outlineFound: outlineFound,
            strokeLength: strokeLength, letterRingTrace: letterRingTrace, fill: fill, largestInkPiece: largestInkPiece)
    }

    /// The same measure of a box on a 1-bit page, where a threshold or a dither keeps neither a
    /// speck's grey nor an eraser's: no dust (`holdsOnlyDust`) and no erasure
    /// (`holdsOnlyAnErasure`) is read there, and a turn with any trace goes to the review.
    package func onBilevelPage() -> BoxInk {
        BoxInk(
            ink: ink, faint: faint, paper: paper, letterRing: letterRing, outlineFound: outlineFound,
            strokeLength: strokeLength, letterRingTrace: letterRingTrace, fill: fill, largestInkPiece: largestInkPiece,
            peak: peak)
    }

    /// Whether the letter's ring holds a stroke all round: the letter is circled.
    package var letterCircled: Bool {
        !letterRing.isEmpty && letterRing.allSatisfy { $0 >= Self.ringStrokeShare }
    }

    /// Whether a light line runs along every band of the letter's ring: a ring too pale to be read
    /// as the letter circled, not clean either.
    package var letterRingTraced: Bool {
        !letterRingTrace.isEmpty && letterRingTrace.allSatisfy { $0 >= RingTrace.span }
    }

    var letterRingClean: Bool {
        letterRing.allSatisfy { $0 < Self.ringCleanShare } && !letterRingTraced
    }

    /// Whether the box is marked by its area: at least `markedShare` of it is ink, not only a long
    /// thin stroke or a circled letter.
    package var firmlyMarked: Bool {
        verdict == .marked && ink >= Self.markedShare
    }

    /// Whether the box is unsure only through a little faint ink in its core: no sample of ink or
    /// of a light stroke, under `traceShare` of the core faint, the letter's ring clean. Beside a
    /// firmly marked box, such a box does not make the turn a double mark (`TurnReading`).
    package var holdsOnlyATrace: Bool {
        verdict == .unsure && outlineFound && paper >= Self.leastPaper && ink == 0 && faint < Self.traceShare
            && letterRingClean
    }

    /// Whether all the box holds is dust: one to `mostSpecks` dots at least `speckDarkness` darker
    /// than the paper, none reaching past `speckReach` (where half as dark as its darkest) or
    /// `speckExtent` (whole) and each `speckContrast` times darker than anything else in the box,
    /// which is grain (at most `mostGrains` pieces, none reaching past `grainReach`); under
    /// `dustShare` of ink, on clean paper (the core's lighter quarter under `rubbedLevel`: no
    /// eraser's grey), the inside not grey all over, the letter's ring clean. Such a box is
    /// empty: what a copier's glass or a phone's lens leaves, which a careful teacher reads as
    /// nothing. What it cannot tell: a mark of under a millimetre (a pen's dot, a pencil dash)
    /// reads as nothing too.
    package var holdsOnlyDust: Bool {
        guard let pieces, ink < Self.dustShare, (largestInkPiece ?? 0) < Self.markedShare, rubbed < Self.rubbedLevel,
            fill < BoxSighting.greyAllOver, letterRingClean
        else { return false }
        let dots = pieces.pieces.filter { $0.peak >= Self.speckDarkness }
        let rest = pieces.pieces.filter { $0.peak < Self.speckDarkness }
        guard (1...Self.mostSpecks).contains(dots.count),
            dots.allSatisfy({ $0.reach <= Self.speckReach && $0.extent <= Self.speckExtent }),
            rest.count <= Self.mostGrains, rest.allSatisfy({ $0.extent <= Self.grainReach })
        else { return false }
        return (dots.map(\.peak).min() ?? 0) >= Self.speckContrast * (rest.map(\.peak).max() ?? 0)
    }

    /// Whether the box is unsure only through an eraser's leftovers: no sample of ink or of a
    /// light stroke (on paper `StrokeInk` can judge), its darkest samples (`peak`) no darker than
    /// `erasedPeak` and no piece darker than `erasedPieceDarkness`, the lighter quarter of its
    /// core `rubbedLevel` darker than the paper under it (and `rubbedShare` of the box's `peak`),
    /// the inside not grey all over (`BoxSighting.greyAllOver`: a fill in a light pen), the
    /// letter's ring clean. Beside a firmly marked box, such a box is what the child rubbed out
    /// before choosing the other (`TurnReading`); light pencil lies on clean paper, the lighter
    /// quarter of its core paper. What it cannot tell: a light pencil mark drawn over rubbed paper
    /// looks as an erased tick does, and is read as one.
    package var holdsOnlyAnErasure: Bool {
        verdict == .unsure && outlineFound && paper >= Self.leastPaper && ink == 0 && letterRingClean
            && rubbed >= Self.rubbedLevel && rubbed >= Self.rubbedShare * peak && peak <= Self.erasedPeak
            && (pieces?.pieces.allSatisfy { $0.peak <= Self.erasedPieceDarkness } ?? true)
            && fill < BoxSighting.greyAllOver
    }

    package var verdict: Verdict {
        if paper < Self.leastPaper || !outlineFound { return .unsure }
        let longStroke = strokeLength >= Self.markedLength
        let scattered = (largestInkPiece.map { $0 < Self.markedShare } ?? false) && !longStroke
        if (ink >= Self.markedShare && !scattered) || (ink >= Self.emptyShare && longStroke) || fill >= Self.solidFill {
            return .marked
        }
        let boxEmpty = ink < Self.emptyShare && faint < Self.faintShare
        if boxEmpty, letterRingClean { return .empty }
        if ink < Self.emptyShare, letterCircled { return .marked }
        return holdsOnlyDust ? .empty : .unsure
    }
}
