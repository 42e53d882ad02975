import ShapeGame

/// What a scan says about one turn: the box marked, a blank, or a flag for the teacher.
package struct TurnReading: Sendable, Equatable {
    package let turn: Int
    /// The shape whose box alone is marked; `nil` for a blank or a flagged turn.
    package let choice: ShapeLabel?
    /// Why the turn needs a person, when it does; a flagged turn is never guessed.
    package let flag: String?
    package let inkA: BoxInk
    package let inkB: BoxInk

    /// The flag of a turn with both boxes clearly marked.
    package static let bothMarked = "both boxes marked"

    /// Whether the turn is flagged because a box is neither clearly marked nor clearly empty (its
    /// flag says what was seen there: `BoxSighting`).
    package var isUnsure: Bool {
        flag != nil && inkA.outlineFound && inkB.outlineFound
            && (inkA.verdict == .unsure || inkB.verdict == .unsure)
    }

    /// The flag of a turn with a box unsure: what each unsure box holds, and the other box's state.
    /// `a speck in box B; box A empty`.
    static func unsureFlag(_ inkA: BoxInk, _ inkB: BoxInk) -> String {
        func state(_ ink: BoxInk, _ letter: String) -> String {
            switch ink.verdict {
            case .unsure: BoxSighting(ink).describe(box: letter)
            case .marked: "box \(letter) marked"
            case .empty: "box \(letter) empty"
            }
        }
        let (a, b) = (state(inkA, "A"), state(inkB, "B"))
        // The unsure box first.
        return inkA.verdict == .unsure ? "\(a); \(b)" : "\(b); \(a)"
    }

    /// The rule: one box clearly marked (or its letter circled) and the other clearly empty is a
    /// choice; both clearly empty is a blank; both marked, or either box unsure (a faint mark,
    /// a smudge, a stroke too small to call, part of a ring round a letter), is flagged, its
    /// flag naming what was seen (`unsureFlag`). One
    /// exception: a box firmly marked (`BoxInk.firmlyMarked`) beside one that holds only a trace
    /// (`BoxInk.holdsOnlyATrace`: a photo's grain; `BoxInk.holdsOnlyAnErasure`: an eraser's
    /// rubbed grey) is that choice, as OMR readers compare a question's bubbles; the trace or
    /// the erasure alone, beside an empty box, is flagged. A box of dust is empty
    /// (`BoxInk.holdsOnlyDust`).
    package init(turn: Int, inkA: BoxInk, inkB: BoxInk) {
        self.turn = turn
        self.inkA = inkA
        self.inkB = inkB
        if !inkA.outlineFound || !inkB.outlineFound {
            (choice, flag) = (nil, "a box is not where the page's corner marks put it (a curled or bent page)")
            return
        }
        switch (inkA.verdict, inkB.verdict) {
        case (.marked, .empty):
            (choice, flag) = (.a, nil)
        case (.empty, .marked):
            (choice, flag) = (.b, nil)
        case (.empty, .empty):
            (choice, flag) = (nil, nil)
        case (.marked, .unsure) where inkA.firmlyMarked && (inkB.holdsOnlyATrace || inkB.holdsOnlyAnErasure):
            (choice, flag) = (.a, nil)
        case (.unsure, .marked) where inkB.firmlyMarked && (inkA.holdsOnlyATrace || inkA.holdsOnlyAnErasure):
            (choice, flag) = (.b, nil)
        case (.marked, .marked):
            (choice, flag) = (nil, Self.bothMarked)
        default:
            (choice, flag) = (nil, Self.unsureFlag(inkA, inkB))
        }
    }

    /// This turn read again as on a 1-bit page (`BoxInk.onBilevelPage`): no dust and no erasure.
    package func onBilevelPage() -> TurnReading {
        TurnReading(turn: turn, inkA: inkA.onBilevelPage(), inkB: inkB.onBilevelPage())
    }

    /// This turn flagged for `reason`, its boxes as they were read; itself when it is flagged
    /// already.
    package func flagged(_ reason: String) -> TurnReading {
        flag == nil ? TurnReading(turn: turn, flag: reason, inkA: inkA, inkB: inkB) : self
    }

    private init(turn: Int, flag: String, inkA: BoxInk, inkB: BoxInk) {
        (self.turn, self.choice, self.flag, self.inkA, self.inkB) = (turn, nil, flag, inkA, inkB)
    }
}
