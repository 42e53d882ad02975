import ShapeRendering
import ShapeTurnsClassroom

/// The turns of a sheet in the key whose page was not read, and why: the responses carry them
/// with an empty choice and a flag that starts `not read`, which `score --class` refuses to
/// grade until the teacher has decided them (`ClassResponses.unreadTurns`), so that a refused
/// page never counts as wrong answers.
///
/// Why is said as precisely as the pile allows: the page refused and why, when a refused page's
/// code names it; the pages refused that may be it, when their codes could not be read; else
/// that it was not scanned.
package enum NotRead {
    /// The start of a not-read turn's flag, as `ClassResponses` looks for it.
    package static let flagPrefix = ClassResponses.notReadPrefix

    /// The flag of a turn on a page not read for `reason`.
    static func flag(_ reason: String) -> String {
        "\(flagPrefix): \(reason)"
    }

    /// The pages of `refused` that may be page of the sheet `code`: those whose code names the
    /// sheet, and those whose code could not be read.
    static func candidates(_ refused: [ScannedPage], for code: String) -> [ScannedPage] {
        refused.filter { page in
            page.code.map { SheetCode.normalized($0.sheetCode) == SheetCode.normalized(code) } ?? true
        }
    }

    /// Why page `page` of the sheet `code` was not read, `refused` being the pages of the pile
    /// that were refused and `sheetRead` whether any other page of the sheet was read.
    static func reason(page: Int, of code: String, refused: [ScannedPage], sheetRead: Bool) -> String {
        let candidates = candidates(refused, for: code)
        if let tied = candidates.first(where: { $0.code?.page == page }) {
            return "page \(page) refused: \(tied.source): \(tied.problem?.description ?? "")"
        }
        let untied = candidates.filter { $0.code == nil }
        guard !untied.isEmpty else { return "page \(page) not scanned" }
        let named = untied.prefix(3).map { "\($0.source): \($0.problem?.description ?? "")" }
        let which =
            untied.count == 1
            ? "the page refused, \(named[0])"
            : "one of the \(untied.count) pages refused (\(named.joined(separator: "; "))"
                + (untied.count > 3 ? "; and \(untied.count - 3) more)" : ")")
        return "page \(page) may be \(which)" + (sheetRead ? "" : " (no page of this sheet was read)")
    }

    /// The line for a sheet some of whose pages were not read: each page's reason.
    static func summary(_ pages: [Int], reasons: [Int: String]) -> String {
        pages.map { reasons[$0] ?? "page \($0) not scanned" }.joined(separator: "; ")
            + "; \(pages.count == 1 ? "its" : "their") turns count as blank here and are \"\(flagPrefix)\" in the responses"
    }
}
