import ShapeGame
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// One player's game: the controller with the turns played so far, the turn on screen with its
/// images, and the records written. Changed only by `PlayGame`.
struct PlaySession: Sendable {
    /// The turn on screen and its PNG images by label.
    struct Dealt: Sendable {
        let turn: Turn
        let answer: TurnAnswer
        let images: [ShapeLabel: [UInt8]]
    }

    let id: String
    let name: String
    /// The order the player joined in, from 1: their row on the class list and gradebook.
    var number = 0
    /// The record file's name: the session id, never anything the client sent.
    var fileName: String { "session-\(id).jsonl" }
    var controller: TurnController
    var dealt: Dealt?
    var records: [AnswerRecord] = []
    var lastSeen: ContinuousClock.Instant
    /// Free-form metadata the player's page or client gave (`SessionMetadata`).
    var metadata: [String: String]?
    /// The practice turns' controller while they last (nil once the game proper has started or
    /// when there is no practice); `dealt` is then a practice turn.
    var practice: TurnController?
    var practiceRecords: [AnswerRecord] = []
    /// The practice record file's name.
    var practiceFileName: String { "practice-\(id).jsonl" }

    var score: Int { controller.scoreboard.score }
    var correctCount: Int { records.filter(\.correct).count }
    var isFinished: Bool { dealt == nil }
}
