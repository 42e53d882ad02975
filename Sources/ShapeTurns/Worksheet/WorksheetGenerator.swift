import Foundation
import ShapeGame
import ShapeRendering

/// The facade for worksheets: validates the options, plays the same turns `generate` plays for
/// them, lays them out on pages and writes a PDF, or PNG or SVG pages, atomically.
public struct WorksheetGenerator: Sendable {
    public let options: WorksheetOptions
    /// The worksheet's turns in order: turn `n` is `turns[n - 1]`.
    public let turns: [Turn]
    public let renderer: WorksheetRenderer

    /// Fails with the option at fault when the options cannot make a worksheet.
    public init(options: WorksheetOptions, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        try options.validate(catalog: catalog)
        self.options = options
        let controller = try options.game.makeController(catalog: catalog)
        turns = (1...options.game.turns).map { controller.turn(number: $0) }
        let layout = WorksheetLayout(
            paper: options.paper,
            columns: options.columns,
            rows: options.rows,
            turnCount: options.game.turns,
            includesAnswerKey: options.includesAnswerKey
        )
        let content = WorksheetContent(
            title: options.title,
            footerNote: "Seed \(options.game.seed)",
            turns: turns,
            style: options.game.style,
            background: options.game.background,
            referenceCanvasSide: Double(options.game.size)
        )
        renderer = WorksheetRenderer(pageView: WorksheetPageView(layout: layout, content: content, viewFactory: ShapeViewFactory(catalog: catalog)))
    }

    public var layout: WorksheetLayout { renderer.layout }

    /// The answer key as printed: the label of the larger shape of each turn, in turn order.
    public var answers: [ShapeLabel] { turns.map(\.larger) }

    /// The format the extension of `destination` names, or the `--out` error (also for a URL
    /// that names a folder, such as a path ending in `/`).
    public static func format(of destination: URL) throws(ShapeTurnsError) -> WorksheetFormat {
        guard !destination.hasDirectoryPath, let format = WorksheetFormat(fileName: destination.lastPathComponent) else {
            throw .invalidOption(
                "--out",
                reason: "name a .pdf, .png or .svg file; the extension chooses the format (got '\(destination.lastPathComponent)\(destination.hasDirectoryPath ? "/" : "")')"
            )
        }
        return format
    }

    /// The PDF's document information: the title, this tool, and the fixed date.
    public var documentInfo: PDFDocumentInfo {
        PDFDocumentInfo(title: options.title, creator: "ShapeTurns \(ShapeTurnsVersion.current)")
    }

    /// Writes the worksheet to `destination`, whose extension chooses the format: one `.pdf`, or
    /// numbered `.png` or `.svg` pages beside it (see `WorksheetFileNames`). Missing folders
    /// above it are created. Under the output policy, files of the same names are replaced only
    /// when ShapeTurns wrote them (and they are unchanged); pages of an earlier run under the same
    /// name that this one does not write are removed on the same terms, so a user's own
    /// `sheet-99.png` is never touched. Everything is checked before any page is rendered; on
    /// failure nothing is left behind. Returns the files written, in page order.
    @discardableResult
    public func write(to destination: URL, policy: OutputPolicy = OutputPolicy(option: "--out")) throws(ShapeTurnsError) -> [URL] {
        let format = try Self.format(of: destination)
        let destination = destination.standardizedFileURL
        let folder = destination.deletingLastPathComponent()
        let outputName = destination.lastPathComponent
        let names = WorksheetFileNames.names(for: outputName, format: format, pageCount: layout.pageCount)
        let files = try StagedOutputFiles(folder: folder, names: names, policy: policy, reportedAs: destination.path)
        do {
            switch format {
            case .pdf:
                try files.stage(try render { () throws(ShapeRenderingError) in try renderer.renderPDF(info: documentInfo) }, as: outputName)
            case .png, .svg:
                for (index, name) in names.enumerated() {
                    let bytes = try render { () throws(ShapeRenderingError) in
                        format == .png ? try renderer.renderPNG(page: index) : try renderer.renderSVG(page: index)
                    }
                    try files.stage(bytes, as: name)
                }
            }
            try files.commit { name in !format.isMultiPage && WorksheetFileNames.isPage(name, of: outputName) }
        } catch {
            files.discard()
            throw error
        }
        return names.map { folder.appendingPathComponent($0) }
    }

    private func render(_ body: () throws(ShapeRenderingError) -> [UInt8]) throws(ShapeTurnsError) -> [UInt8] {
        do {
            return try body()
        } catch {
            throw .rendering(error.description)
        }
    }
}
