import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// One line of a player's record file (JSON Lines), written before the browser hears the answer
/// was recorded. `turn` and `choice` make it a responses file `shapeturns score` reads; the
/// first line also carries the game's options (`game`, from schema version 2), so the file is
/// scored on its own.
package struct AnswerRecord: Sendable, Codable, Equatable {
    /// One shape as it was shown.
    package struct ShownShape: Sendable, Codable, Equatable {
        package let label: ShapeLabel
        package let kind: String
        package let proportion: Double
        /// Area as a fraction of the canvas.
        package let area: Double

        package init(label: ShapeLabel, kind: String, proportion: Double, area: Double) {
            self.label = label
            self.kind = kind
            self.proportion = proportion
            self.area = area
        }
    }

    /// 2: the first line carries `game`. 1 (read still): no `game`; `score` needs the options.
    package static let schemaVersion = 2
    /// The versions `PlayRecord` reads.
    package static let readableVersions = 1...schemaVersion

    package var schemaVersion = Self.schemaVersion
    package let session: String
    package let player: String
    package let turn: Int
    /// The shape picked; nil on a turn that timed out (`timedOut`), scored as a blank: wrong.
    package let choice: ShapeLabel?
    package let larger: ShapeLabel
    package let correct: Bool
    package let increment: Int
    package let score: Int
    package let areaRatio: Double
    package let shapes: [ShownShape]
    /// From the frame the shapes were first painted to the tap, measured in the browser.
    package let reactionTimeMs: Double
    package let seed: UInt64
    package let strategy: String
    /// The adaptive procedure's estimate after this answer.
    package let estimate: ThresholdEstimate?
    /// The game's options, on the first line only.
    package var game: PlayedGame? = nil
    /// The trial design, on the first line only, when it is not the default one.
    package var design: TrialDesign? = nil
    /// True on a turn that got no answer within `--timeout`; absent otherwise.
    package var timedOut: Bool? = nil
    /// True on every line of a practice record (`practice-ID.jsonl`); absent otherwise.
    package var practice: Bool? = nil
    /// The session's free-form metadata (`participant`, `condition`, …), on every line.
    package var metadata: [String: String]? = nil
    /// What the client saw and did on this turn, and when it was recorded.
    package var context: TrialContext? = nil

    package init(
        session: String, player: String, turn: Int, choice: ShapeLabel?, larger: ShapeLabel, correct: Bool,
        increment: Int, score: Int, areaRatio: Double, shapes: [ShownShape], reactionTimeMs: Double, seed: UInt64,
        strategy: String, estimate: ThresholdEstimate?, game: PlayedGame? = nil
    ) {
        self.session = session
        self.player = player
        self.turn = turn
        self.choice = choice
        self.larger = larger
        self.correct = correct
        self.increment = increment
        self.score = score
        self.areaRatio = areaRatio
        self.shapes = shapes
        self.reactionTimeMs = reactionTimeMs
        self.seed = seed
        self.strategy = strategy
        self.estimate = estimate
        self.game = game
    }
}
