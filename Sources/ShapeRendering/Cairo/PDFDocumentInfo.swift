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
    /// PDF's `Subject`: one sentence about the document, for people; empty for none.
    package var subject: String
    /// PDF's `Keywords`: ShapeTurns puts a worksheet's answer key here as compact JSON, where
    /// `pdfinfo` and any PDF library can read it; empty for none.
    package var keywords: String

    package init(
        title: String, creator: String, date: String = Self.fixedDate, subject: String = "", keywords: String = ""
    ) {
        self.title = title
        self.creator = creator
        self.date = date
        self.subject = subject
        self.keywords = keywords
    }
}
