import ShapeGame
import ShapeTurnsClassroom

/// The JSON bodies of the play API (docs/play.md).
package enum PlayPayloads {
    /// `POST /api/sessions`.
    package struct NewSession: Sendable, Codable {
        package let name: String
        /// Free-form `key=value` metadata kept on every record line (`SessionMetadata`'s bounds).
        package let metadata: [String: String]?
    }

    /// `POST /api/sessions/{id}/answers`.
    package struct Answer: Sendable, Codable {
        package let turn: Int
        /// `a` or `b`; absent on a timed-out turn.
        package let choice: String?
        /// Reaction time in milliseconds.
        package let rt: Double
        /// True for a turn that got no answer within the game's timeout.
        package let timedOut: Bool?
        /// True when answering a practice turn (the dealt turn says `practice`).
        package let practice: Bool?
        /// What the client saw and did (`recordedAt` is the server's own and ignored here).
        package let context: TrialContext?

        package init(
            turn: Int, choice: String?, rt: Double, timedOut: Bool? = nil, practice: Bool? = nil,
            context: TrialContext? = nil
        ) {
            self.turn = turn
            self.choice = choice
            self.rt = rt
            self.timedOut = timedOut
            self.practice = practice
            self.context = context
        }
    }

    /// A turn to show: its number and its two images.
    package struct DealtTurn: Sendable, Codable, Equatable {
        package let number: Int
        package let of: Int
        package let images: [String: String]
        /// True for a practice turn (numbered 1 to `--practice` of its own), absent otherwise.
        package var practice: Bool? = nil
    }

    /// A session: the reply to `POST /api/sessions` and part of `GET /api/sessions/{id}`.
    package struct Session: Sendable, Codable {
        package let id: String
        package let name: String
        package let strategy: String
        package let turns: Int
        package let score: Int
        package let answered: Int
        package let correct: Int
        package let finished: Bool
        package let turn: DealtTurn?
        package let estimate: ThresholdEstimate?
        package let answers: [AnswerRecord]?
        /// How each turn runs: interval, fixation, stimulus duration, timeout, feedback,
        /// practice, calibration.
        package var design = TrialDesign()
        package var metadata: [String: String]? = nil
    }

    /// The reply to an answer.
    package struct Scored: Sendable, Codable {
        package let turn: Int
        package let correct: Bool
        package let increment: Int
        package let score: Int
        package let finished: Bool
        package let next: DealtTurn?
        package let accuracy: Double
        package let estimate: ThresholdEstimate?
        /// True when the answer was to a practice turn (the score and accuracy are the practice's).
        package var practice: Bool? = nil
    }

    /// One player on the teacher's `/class` list.
    package struct ClassPlayer: Sendable, Codable, Equatable {
        /// The order the player joined in, from 1.
        package let number: Int
        package let name: String
        /// Turns answered so far, of `turns`.
        package let answered: Int
        package let turns: Int
        package let score: Int
        package let correct: Int
        /// `correct` of `answered`, 0 to 1; absent before the first answer.
        package let accuracy: Double?
        package let finished: Bool
        /// The adaptive procedure's latest estimate; absent otherwise.
        package let estimate: ThresholdEstimate?
    }

    /// The class as the teacher's page shows it: each event of `GET /class/events`.
    package struct ClassSnapshot: Sendable, Codable, Equatable {
        package let strategy: String
        package let turns: Int
        package let players: [ClassPlayer]
    }
}
