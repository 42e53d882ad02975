import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsAudit
import ShapeTurnsCore

/// The audit of a set folder, read from its key: the set's layout is what sets know.
extension ShortcutAuditor {
    /// The longest `answers.jsonl` line `audit(setAt:)` reads: far above any key ShapeTurns writes.
    package static let lineLimit = 64 << 10

    /// The audit of the set in `folder`: any folder in ShapeTurns' layout, read from its
    /// `answers.jsonl` a line at a time (at most `lineLimit` bytes a line, and
    /// `GenerateOptions.turnLimit` lines' worth), so a set of any size is audited in bounded memory.
    /// Fails with `missingInput` when there is no `answers.jsonl`, and `badData` when a line is not
    /// an answer key or there are no turns.
    package static func audit(setAt folder: URL, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError)
        -> ShortcutAudit
    {
        let path = folder.appendingPathComponent(SetLayout.answersFile).path
        var auditor = ShortcutAuditor(catalog: catalog)
        var number = 0
        let decoder = JSONDecoder()
        try BoundedFileReader.forEachLine(
            path, limit: GenerateOptions.turnLimit * lineLimit, lineLimit: lineLimit, describedAs: Wording(path)
        ) { line, lineNumber throws(ShapeTurnsError) in
            number = lineNumber
            guard !line.isEmpty else { return }
            do {
                auditor.add(try decoder.decode(TurnAnswer.self, from: Data(line)))
            } catch {
                throw .badData(
                    location: Wording("\(path) line \(number)"), because: "is not a ShapeTurns answer key")
            }
        }
        guard !auditor.order.isEmpty else {
            throw .badData(location: Wording(path), because: "holds no turns")
        }
        return auditor.audit()
    }
}
