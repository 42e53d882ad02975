/// What a box neither clearly marked nor clearly empty (`BoxInk.Verdict.unsure`) was seen to
/// hold, in the words a flag gives the teacher: "a speck", "a solid fill", not "too faint or too
/// small" for all of them. It names what was measured; it decides nothing.
package enum BoxSighting: Sendable, Equatable {
    /// The paper round the box is darker than `BoxInk.leastPaper`, with ink in the box: a fill
    /// run over its edges.
    case fillOverEdges
    /// The paper round the box is too dark to judge (a deep shadow).
    case darkPaper
    /// Part of a ring round the box's letter, not all round it.
    case partRing
    /// The inside grey all over, lighter than ink: a fill in a light pen, or an eraser's rubbed
    /// paper.
    case solidFill
    /// Some ink, in a stroke too short to call.
    case shortStroke
    /// A dot of ink, too small to call.
    case dot
    /// A few faint samples: dust, grain, a speck.
    case speck
    /// Faint ink over more of the box: light pencil, or what an eraser left.
    case lightMark

    /// How much darker than its paper the lighter quarter of a box's inside must be for the box
    /// to be grey all over (`BoxInk.fill`): past grain and a grey copy's unevenness.
    static let greyAllOver = 0.1
    /// How long, in points, the light strokes of a box with some ink must run to be a stroke,
    /// not a dot.
    static let strokeLength = 2.0

    /// What `ink`, an unsure box, holds.
    package init(_ ink: BoxInk) {
        if ink.paper < BoxInk.leastPaper {
            self = ink.ink >= BoxInk.markedShare ? .fillOverEdges : .darkPaper
        } else if !ink.letterRingClean, ink.ink < BoxInk.emptyShare {
            self = .partRing
        } else if ink.fill >= Self.greyAllOver {
            self = .solidFill
        } else if ink.ink >= BoxInk.emptyShare {
            self = ink.strokeLength >= Self.strokeLength ? .shortStroke : .dot
        } else {
            self = ink.faint < BoxInk.traceShare ? .speck : .lightMark
        }
    }

    /// The words for it in box `letter`: `a speck in box B`.
    package func describe(box letter: String) -> String {
        switch self {
        case .fillOverEdges: "ink over box \(letter) and the paper round it (filled past its edges?)"
        case .darkPaper: "the paper round box \(letter) too dark to judge (a shadow?)"
        case .partRing: "part of a ring round letter \(letter)"
        case .solidFill: "a solid fill lighter than ink in box \(letter) (a light pen, or an eraser's grey)"
        case .shortStroke: "a short stroke in box \(letter)"
        case .dot: "a dot in box \(letter)"
        case .speck: "a speck in box \(letter)"
        case .lightMark: "a light mark in box \(letter) (light pencil, or what an eraser left)"
        }
    }
}
