import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// How a turn without an answer counts.
public enum BlankPolicy: String, Sendable, Equatable, Codable, CaseIterable {
    /// As a wrong answer: −1 and the end of a streak. On paper a blank usually means "did not
    /// know", and a sheet scored "15 / 20" counts it as not correct; the default for worksheets
    /// and classes.
    case wrong
    /// Not scored at all: it neither breaks nor extends a streak. The default for a set's key,
    /// where a player may have seen only some of the turns.
    case skip
}
