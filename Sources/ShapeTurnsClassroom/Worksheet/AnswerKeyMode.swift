import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Where a worksheet's answer key goes.
public enum AnswerKeyMode: String, Sendable, Equatable, Codable, CaseIterable {
    /// After the turns, in the same document (one file to print for a self-check).
    case included
    /// In a document of its own beside the sheets (`sheet-key.pdf`), so the sheets can be
    /// printed for a class without handing out the key.
    case separate
    /// No printed key; the PDF still embeds it for `shapeturns score`.
    case none
}
