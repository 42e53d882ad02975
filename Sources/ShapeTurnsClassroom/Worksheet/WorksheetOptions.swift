import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Everything that decides the bytes of a worksheet, apart from the ShapeTurns version and the
/// output's format.
///
/// The turns come from `game`, the very options `generate` takes, so a worksheet and a set made
/// with the same options and seed hold the same turns, turn by turn.
public struct WorksheetOptions: Sendable, Equatable {
    /// The most turns a worksheet may hold.
    package static let turnLimit = 10_000
    /// The columns a page may have.
    package static let columnRange = 1...6
    /// The rows a page may have.
    package static let rowRange = 1...10
    /// The most characters a title may have.
    package static let titleLengthLimit = 60

    /// The turns and how their shapes look, as for `generate`: `turns` and `seed` choose the
    /// turns; `size` is the canvas `style.lineWidth` is measured on (each cell shows that canvas
    /// scaled down); `formats` is not used.
    public var game: GenerateOptions
    /// A4 or Letter.
    public var paper = PaperSize.a4
    /// Cells across a page.
    public var columns = 2
    /// Cells down a page.
    public var rows = 4
    /// The title on every page.
    public var title = WorksheetContent.defaultTitle
    /// Where the answer key goes: after the turns (the default), in a file of its own, or nowhere.
    public var answerKey = AnswerKeyMode.included

    /// Whether the worksheet ends with its answer key (`answerKey == .included`); setting it
    /// off means `.none`.
    package var includesAnswerKey: Bool {
        get { answerKey == .included }
        set { answerKey = newValue ? .included : .none }
    }

    /// The smallest area ratio of a worksheet's turns unless told otherwise: a quarter more area
    /// (a circle's diameter 12% larger), where `generate`'s 1.1 is 5% on paper, a difference
    /// children's area discrimination is far from reliably seeing (see docs/worksheets.md).
    package static let defaultMinimumRatio = 1.25

    /// Two full pages of turns (16) and their answer key on A4, no pair closer than
    /// `defaultMinimumRatio`.
    public init() {
        game = GenerateOptions()
        game.turns = 16
        game.minimumRatio = Self.defaultMinimumRatio
    }

    /// Checks every value, naming the property at fault.
    package func validate(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        guard (1...Self.turnLimit).contains(game.turns) else {
            throw .invalidOption(
                .worksheetTurns, reason: "must be 1 to \(Self.turnLimit) for a worksheet (got \(game.turns))")
        }
        guard Self.columnRange.contains(columns) else {
            throw .invalidOption(
                .columns,
                reason: "must be \(Self.columnRange.lowerBound) to \(Self.columnRange.upperBound) (got \(columns))")
        }
        guard Self.rowRange.contains(rows) else {
            throw .invalidOption(
                .rows, reason: "must be \(Self.rowRange.lowerBound) to \(Self.rowRange.upperBound) (got \(rows))")
        }
        if let control = title.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            throw .invalidOption(
                .title,
                reason:
                    "must be one line of printable text; it holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)"
            )
        }
        guard (1...Self.titleLengthLimit).contains(title.count), !title.allSatisfy(\.isWhitespace) else {
            throw .invalidOption(
                .title,
                reason:
                    "must be 1 to \(Self.titleLengthLimit) characters, not all spaces (got \(title.count) characters)"
            )
        }
        try game.validate(catalog: catalog)
    }
}
