/// What the browser (or API client) saw and did on one turn, as it reported it, and when the
/// server recorded the answer: each record line's `context`. Every field is optional, so a
/// client that reports nothing still plays; lengths are bounded by `PlayPayloads.Answer`'s checks.
package struct TrialContext: Sendable, Codable, Equatable {
    /// `mouse`, `touch`, `pen` or `key`: what gave the answer; nil for a timed-out turn or a
    /// client that did not say.
    package var input: String?
    /// When the shapes were first painted, wall clock (ISO 8601, UTC), as the client's clock had it.
    package var shownAt: String?
    /// When the answer was given, wall clock (ISO 8601, UTC), as the client's clock had it.
    package var answeredAt: String?
    /// When the server wrote the answer to the record, wall clock (ISO 8601, UTC).
    package var recordedAt: String?
    package var userAgent: String?
    /// The viewport's size in CSS pixels.
    package var viewportWidth: Double?
    package var viewportHeight: Double?
    package var devicePixelRatio: Double?
    /// The side of each shape's square on screen, in CSS pixels.
    package var shapeCssPx: Double?
    /// The same in millimetres, when the screen was calibrated.
    package var shapeMm: Double?
    /// CSS pixels per millimetre from the card calibration.
    package var pxPerMm: Double?

    package init() {}
}
