/// How `shapeturns play` runs each turn (docs/play.md, "Trial design"): a blank inter-trial
/// interval, a fixation cross, the shapes (for a limited time, then masked, or until the answer),
/// a response timeout, what feedback follows an answer, practice turns before the game, and
/// whether the player first calibrates the screen with a card so the shapes are drawn at a
/// physical size. The defaults are the game as it was before these options: no interval, no
/// fixation, shapes until answered, no timeout, the score after every turn, no practice.
///
/// Carried by the first line of every record that differs from the defaults (`design`).
package struct TrialDesign: Sendable, Codable, Equatable {
    /// What the player sees after an answer.
    package enum Feedback: String, Sendable, Codable, CaseIterable {
        /// Nothing: no score during the game (the end screen still shows it).
        case none
        /// "Score: N" above the shapes, updated after every answer (the default).
        case score
        /// The score, and "Right" or "Wrong" for the answer just given.
        case correct
    }

    /// The longest interval, fixation, stimulus duration or timeout, in milliseconds.
    package static let durationLimit = 60_000
    /// The most practice turns.
    package static let practiceLimit = 100
    /// A credit card's size (ISO/IEC 7810 ID-1), the calibration's reference, in millimetres.
    package static let cardWidthMm = 85.60
    package static let cardHeightMm = 53.98
    /// The range of `shapeMm`, in millimetres.
    package static let shapeMmRange = 10.0...300.0

    /// Blank screen between an answer and the next turn's fixation, in ms.
    package var itiMs = 0
    /// A fixation cross before each turn's shapes, in ms (0: none).
    package var fixationMs = 0
    /// How long the shapes are shown before a mask covers them, in ms; nil: until the answer.
    package var stimulusDurationMs: Int?
    /// How long a turn waits for an answer from the shapes' onset, in ms; nil: for ever. A turn
    /// that times out is recorded with `timedOut` and no choice, and scored wrong.
    package var timeoutMs: Int?
    package var feedback = Feedback.score
    /// Practice turns before the game, recorded apart (`practice-ID.jsonl`) and not scored in it.
    package var practiceTurns = 0
    /// Whether the player matches a card on screen first; the shapes are then `shapeMm` wide.
    package var calibrate = false
    /// The side of each shape's square on screen after calibration, in millimetres.
    package var shapeMm = 50.0

    package init() {}

    /// Whether this is the game as it was before trial designs (no `design` in the record).
    package var isDefault: Bool { self == TrialDesign() }
}
