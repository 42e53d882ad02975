/// How much ink one answer box holds, against the paper around it, and what that says.
///
/// Each sample inside the box (its printed outline and 2.2 pt of slack excluded) has a darkness
/// `(paper − grey) / paper`, paper being the 80th percentile of the grey in a ring around the
/// box. `ink` is the share of samples darker than 0.4 (pen, pencil pressed hard), `faint` the
/// share darker than 0.1 (light pencil, an erasure's smudge).
package struct BoxInk: Sendable, Equatable {
    package enum Verdict: String, Sendable, Equatable {
        /// Clearly marked: a tick, a cross, a fill, a circle's stroke through the box.
        case marked
        /// Clearly empty.
        case empty
        /// Neither: too faint, or too little to call.
        case unsure
    }

    /// At or above this share of inked samples, a box is marked.
    package static let markedShare = 0.05
    /// Below this share of inked samples (and `faintShare` of faint ones), a box is empty.
    package static let emptyShare = 0.015
    package static let faintShare = 0.03

    package let ink: Double
    package let faint: Double
    package let paper: Double

    package init(ink: Double, faint: Double, paper: Double) {
        self.ink = ink
        self.faint = faint
        self.paper = paper
    }

    package var verdict: Verdict {
        if paper < 60 { return .unsure }
        if ink >= Self.markedShare { return .marked }
        if ink < Self.emptyShare, faint < Self.faintShare { return .empty }
        return .unsure
    }
}
