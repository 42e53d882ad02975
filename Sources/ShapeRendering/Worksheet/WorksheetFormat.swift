/// The file formats a worksheet is written in: one PDF for the whole worksheet, or one PNG or
/// SVG file per page.
package enum WorksheetFormat: String, Sendable, Equatable, Codable, CaseIterable {
    /// One PDF document with every page.
    case pdf
    /// One 150-dpi PNG per page.
    case png
    /// One SVG per page, sized in points.
    case svg

    /// The format a file name's extension names (`sheet.pdf`, `Sheet.PNG`), or `nil` for any other.
    package init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot > fileName.startIndex, !fileName[..<dot].hasSuffix("/") else {
            return nil
        }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }

    /// The file extension, without the dot.
    package var fileExtension: String { rawValue }

    /// Whether every page goes into one file (PDF) rather than a file of its own (PNG, SVG).
    package var isMultiPage: Bool { self == .pdf }
}
