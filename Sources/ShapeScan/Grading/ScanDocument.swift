import ShapeRendering
import ShapeTurnsClassroom

/// What `scan --json` prints: the gradebook, its fields as `score --json` gives them, and beside
/// them `scanNotes`, the notes on how the pages were scanned (`ScanAdvice`: which students' pages
/// were 1-bit copies, and what to set on the copier), and `bilevelPages`, each page read from a
/// 1-bit copy.
package struct ScanDocument: Encodable {
    /// A page read from a 1-bit copy: where it came from and whose it is.
    struct BilevelPage: Encodable {
        let source: String
        let sheet: String?
        let page: Int?
        let student: String?
        /// `thresholded` or `dithered`.
        let tone: String
    }

    private let outcome: ScanGrader.Outcome

    package init(_ outcome: ScanGrader.Outcome) {
        self.outcome = outcome
    }

    private enum CodingKeys: String, CodingKey {
        case scanNotes, bilevelPages
    }

    package func encode(to encoder: any Encoder) throws {
        try outcome.gradebook.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome.notes, forKey: .scanNotes)
        let bilevel = outcome.pages.filter { $0.problem == nil }.compactMap { page -> BilevelPage? in
            let tone: String
            switch page.capture?.tone {
            case .thresholded: tone = "thresholded"
            case .dithered: tone = "dithered"
            case .grey, nil: return nil
            }
            return BilevelPage(
                source: page.source, sheet: page.code?.sheetCode, page: page.code?.page, student: page.student,
                tone: tone)
        }
        try container.encode(bilevel, forKey: .bilevelPages)
    }
}
