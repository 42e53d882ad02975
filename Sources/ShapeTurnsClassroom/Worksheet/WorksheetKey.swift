import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The machine-readable answer key a worksheet PDF carries in its `Keywords` entry, as one line
/// of JSON (keys sorted): the options and ShapeTurns version that made the turns, and one
/// `SheetKey` per printed sheet (one, or one per student of a class).
///
/// Why `Keywords`: Cairo 1.16 (Debian 12) can set the document information (title, author,
/// subject, keywords, creator, dates) but cannot attach embedded files, and editing the PDF
/// after Cairo finishes would mean rewriting its cross-reference table. The document
/// information is standard, is shown by `pdfinfo` and read by every PDF library (pypdf,
/// poppler, PDFKit), and survives in the file untouched by printing.
package struct WorksheetKey: Sendable, Equatable, Codable {
    package static let formatName = "shapeturns-worksheet-key"
    package static let currentVersion = 1
    /// The longest key text read: a class of `Roster.studentLimit` sheets of
    /// `WorksheetOptions.turnLimit` turns, each with its name, code and seed, and the options.
    package static let textSizeLimit = Roster.studentLimit * (WorksheetOptions.turnLimit + 1024) + (64 << 10)

    /// Always `shapeturns-worksheet-key`: tells this JSON from any other keywords.
    package var format: String
    package var version: Int
    /// The ShapeTurns version that made the sheets.
    package var tool: String
    package var title: String
    /// The options the turns came from; `options.seed` is the worksheet's `--seed`, and each
    /// sheet's own seed is in its `SheetKey`.
    package var options: GenerateOptions
    package var sheets: [SheetKey]

    package init(title: String, options: GenerateOptions, sheets: [SheetKey]) {
        format = Self.formatName
        version = Self.currentVersion
        tool = ShapeTurnsVersion.current
        self.title = title
        self.options = options
        self.sheets = sheets
    }

    /// The compact JSON line, keys sorted, so the same key gives the same bytes.
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The key in `text`, or `nil` when it is not one.
    package static func parse(_ text: String) -> WorksheetKey? {
        guard let key = try? JSONDecoder().decode(WorksheetKey.self, from: Data(text.utf8)), key.format == formatName
        else { return nil }
        return key
    }
}
