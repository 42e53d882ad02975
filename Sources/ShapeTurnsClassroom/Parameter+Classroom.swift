import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The parameters worksheets', rosters' and scoring's messages name.
extension Parameter {
    package static let worksheetTurns = Parameter("turns", flag: "--turns")
    package static let columns = Parameter("columns", flag: "--columns")
    package static let rows = Parameter("rows", flag: "--rows")
    package static let title = Parameter("title", flag: "--title")
    package static let worksheetDestination = Parameter("destination", flag: "--out", style: .path)
    package static let gradebookFile = Parameter("destination", flag: "--csv", style: .path)
    package static let responses = Parameter("responses", flag: "--responses", style: .path)
    package static let classAnswers = Parameter("class answers", flag: "--class", style: .path)
    package static let roster = Parameter("roster", flag: "--roster", style: .path)
    package static let classRoster = Parameter("roster", flag: "--class", style: .path)
    package static let expectedSheets = Parameter("expectedSheets", flag: "--expect-sheet")
    package static let singleSided = Parameter("singleSided", flag: "--single-sided")
    package static let answerKeyMode = Parameter("answerKey", flag: "--answer-key")

    /// Every parameter above, for the tests that check each is spelled as a command takes it.
    package static let classroomParameters: [Parameter] = [
        .worksheetTurns, .columns, .rows, .title, .worksheetDestination, .gradebookFile, .responses, .classAnswers,
        .roster, .classRoster, .expectedSheets, .singleSided, .answerKeyMode,
    ]
}
