/// Why a scanned page could not be read: it is listed on stderr and in the review page, and
/// nothing on it is given to a student.
package enum PageProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The page was not decoded from its file: past a bound, or its library could not.
    case undecodable(PageRefusal)
    /// A blank page (the back of a leaf): skipped, not an error.
    case blank
    /// Fewer than two of the corner tags were found: not a ShapeTurns page, or too damaged.
    case noMarks(found: Int)
    /// Only two corner tags were found, and the page code or the answer boxes do not confirm
    /// where they put the page.
    case unconfirmed(found: Int)
    /// The tags found do not fit one page (a page of two sheets, or a bad detection).
    case marksDisagree
    /// The page code's squares do not check out.
    case codeUnreadable
    /// The page code names a sheet the key does not hold.
    case notInKey(String)
    /// This page of this sheet was already read from another page.
    case duplicate(code: String, page: Int, first: String)
    /// The code names a page the sheet does not have.
    case noSuchPage(code: String, page: Int)

    package var description: String {
        switch self {
        case .undecodable(let refusal): refusal.reason
        case .blank: "a blank page, skipped"
        case .noMarks(let found): "no ShapeTurns page found (\(found) of 4 corner marks; at least 2 are needed)"
        case .unconfirmed(let found):
            "only \(found) of 4 corner marks found, and the page code and answer boxes do not confirm where they put the page"
        case .marksDisagree: "the corner marks do not fit one page"
        case .codeUnreadable: "the page code at the foot of the page could not be read"
        case .notInKey(let code): "sheet \(code) is not in the key"
        case .duplicate(let code, let page, let first): "page \(page) of sheet \(code) again (first read from \(first))"
        case .noSuchPage(let code, let page): "sheet \(code) has no page \(page)"
        }
    }

    /// Whether the page is simply skipped rather than reported as unreadable.
    package var isSkipped: Bool { self == .blank }
}
