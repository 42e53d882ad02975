import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The result of scoring a player's responses against a sheet's key; `--json` prints it as is.
///
/// The count a sheet asks for comes first (`correct` of `turnCount`, and `percent`), then the
/// tutorial's streak points (`total`). `blankPolicy` says how turns without an answer counted.
public struct ScoreReport: Sendable, Equatable, Codable {
    /// One scored turn.
    public struct Line: Sendable, Equatable, Codable {
        /// The turn's number on the sheet, from 1.
        public var turn: Int
        /// The shape picked; `nil` for a blank counted wrong.
        public var choice: ShapeLabel?
        /// The right answer: the label of the larger shape.
        public var larger: ShapeLabel
        /// Whether `choice` is `larger`; a blank is never correct.
        public var correct: Bool
        /// The points the scorer chain gave this turn.
        public var increment: Int
        /// The running score after this turn.
        public var score: Int

        package init(turn: Int, choice: ShapeLabel?, larger: ShapeLabel, correct: Bool, increment: Int, score: Int) {
            self.turn = turn
            self.choice = choice
            self.larger = larger
            self.correct = correct
            self.increment = increment
            self.score = score
        }
    }

    /// The streak points: the tutorial's scorer chain's total.
    public var total: Int
    /// Turns with a response.
    package var answered: Int
    /// Turns answered with the larger shape: the count a sheet is marked by.
    public var correct: Int
    /// Turns of the sheet without a response (the same as `blank`; kept for earlier readers).
    package var unanswered: Int
    /// The turns on the sheet.
    public var turnCount: Int
    /// Answered turns that were not correct.
    public var wrong: Int
    /// Turns without an answer.
    public var blank: Int
    /// How blank turns counted: skipped, or wrong (−1 and the end of a streak).
    public var blankPolicy: BlankPolicy
    /// `correct` as a percentage of `turnCount`, to one decimal.
    public var percent: Double
    /// Every turn of the sheet in order, for a per-turn table.
    public var turns: [Line]

    package init(
        total: Int, correct: Int, wrong: Int, blank: Int, turnCount: Int, blankPolicy: BlankPolicy, turns: [Line]
    ) {
        self.total = total
        self.correct = correct
        self.wrong = wrong
        self.blank = blank
        self.turnCount = turnCount
        self.blankPolicy = blankPolicy
        self.turns = turns
        answered = correct + wrong
        unanswered = blank
        percent = Self.percent(correct, of: turnCount)
    }

    /// `part` of `whole` in percent, rounded to one decimal (0 when `whole` is 0).
    package static func percent(_ part: Int, of whole: Int) -> Double {
        guard whole > 0 else { return 0 }
        return (Double(part) * 1000 / Double(whole)).rounded() / 10
    }
}
