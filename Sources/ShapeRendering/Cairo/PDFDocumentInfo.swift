/// What a PDF's document information says about it.
///
/// Cairo stamps a PDF with the time it was made unless told otherwise, so two runs would differ
/// in their bytes; ShapeTurns always gives a fixed date instead.
package struct PDFDocumentInfo: Sendable, Equatable {
    /// The date every ShapeTurns PDF carries as its creation and modification date.
    package static let fixedDate = "2000-01-01T00:00:00Z"

    package var title: String
    /// The program that made the document (PDF's `Creator`; Cairo itself is the `Producer`).
    package var creator: String
    /// ISO 8601 as `cairo_pdf_surface_set_metadata` expects: `YYYY-MM-DDThh:mm:ss`, optionally
    /// followed by `Z` or `±hh:mm`.
    package var date: String

    package init(title: String, creator: String, date: String = Self.fixedDate) {
        self.title = title
        self.creator = creator
        self.date = date
    }
}
