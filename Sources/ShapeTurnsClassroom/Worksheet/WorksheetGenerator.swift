import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The facade for worksheets: validates the options, plays the same turns `generate` plays for
/// them, lays them out on pages and writes a PDF, or PNG or SVG pages, atomically.
///
/// Every page's footer shows the sheet's code (`SheetCode`) and seed, and for a student's
/// version their name; the PDF carries the answer key as JSON in its `Keywords`
/// (`WorksheetKey`), so `shapeturns score --key sheet.pdf` needs nothing else.
public struct WorksheetGenerator: Sendable {
    package let options: WorksheetOptions
    /// The student this version is for; `nil` for a sheet made without a roster.
    package let student: Student?
    /// The worksheet's turns in order: turn `n` is `turns[n - 1]`.
    public let turns: [Turn]
    package let renderer: WorksheetRenderer
    /// Renders the answer key alone, for `--answer-key separate`.
    package let keyRenderer: WorksheetRenderer
    /// The code printed in the footer: it identifies these turns.
    package let code: SheetCode

    /// Plays the worksheet's turns from `options.game` and lays them out, ready to `write(to:)`;
    /// fails with the property at fault when the options cannot make a worksheet.
    public init(options: WorksheetOptions, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        try self.init(options: options, student: nil, catalog: catalog)
    }

    /// Fails with the property at fault when the options cannot make a worksheet. With a
    /// `student`, the name goes on the Name line and in the footer; the turns still come from
    /// `options.game.seed` (a class's generator passes each student's own seed there).
    package init(options: WorksheetOptions, student: Student?, catalog: ShapeCatalog = .standard)
        throws(ShapeTurnsError)
    {
        try options.validate(catalog: catalog)
        try self.init(
            options: options, student: student, turns: try options.game.makeController(catalog: catalog).allTurns(),
            code: SheetCode(game: options.game), catalog: catalog)
    }

    /// A sheet of turns played elsewhere (a class's, by `ClassSheetPlan`), with their code;
    /// `options` must have passed `validate`.
    package init(
        options: WorksheetOptions, student: Student?, turns: [Turn], code: SheetCode, catalog: ShapeCatalog = .standard
    ) throws(ShapeTurnsError) {
        self.options = options
        self.student = student
        self.turns = turns
        self.code = code
        func layout(turns includesTurns: Bool) -> WorksheetLayout {
            WorksheetLayout(
                paper: options.paper,
                columns: options.columns,
                rows: options.rows,
                turnCount: options.game.turns,
                includesAnswerKey: options.answerKey == .included,
                includesTurns: includesTurns
            )
        }
        let owner = student.map { "\($0.name) (No. \($0.number))  ·  " } ?? ""
        let content = WorksheetContent(
            title: options.title,
            footerNote: "\(owner)Sheet \(code)  ·  Seed \(options.game.seed)",
            sheetCode: code.description,
            studentName: student?.name ?? "",
            turns: turns,
            style: options.game.style,
            background: options.game.background,
            referenceCanvasSide: Double(options.game.size)
        )
        let factory = ShapeViewFactory(catalog: catalog)
        renderer = WorksheetRenderer(
            pageView: WorksheetPageView(layout: layout(turns: true), content: content, viewFactory: factory))
        keyRenderer = WorksheetRenderer(
            pageView: WorksheetPageView(layout: layout(turns: false), content: content, viewFactory: factory))
    }

    package var layout: WorksheetLayout { renderer.layout }

    /// The answer key as printed: the label of the larger shape of each turn, in turn order.
    public var answers: [ShapeLabel] { turns.map(\.larger) }

    /// This sheet's entry in an embedded key.
    package var sheetKey: SheetKey {
        SheetKey(
            number: student?.number, student: student?.name, code: code.description, seed: options.game.seed,
            answers: answers)
    }

    /// The key this sheet's PDF embeds: its options and its one sheet.
    package var key: WorksheetKey {
        WorksheetKey(title: options.title, options: options.game, sheets: [sheetKey])
    }

    /// The format the extension of `destination` names, or the `destination` error (also for a URL
    /// that names a folder, such as a path ending in `/`).
    package static func format(of destination: URL) throws(ShapeTurnsError) -> WorksheetFormat {
        guard !destination.hasDirectoryPath, let format = WorksheetFormat(fileName: destination.lastPathComponent)
        else {
            throw .invalidOption(
                .worksheetDestination,
                reason:
                    "name a .pdf, .png or .svg file; the extension chooses the format (got '\(destination.lastPathComponent)\(destination.hasDirectoryPath ? "/" : "")')"
            )
        }
        return format
    }

    /// The PDF's document information: the title, this tool, the fixed date, and the answer key
    /// as JSON in `Keywords` (see `WorksheetKey` for why there).
    package var documentInfo: PDFDocumentInfo {
        Self.documentInfo(title: student.map { "\(options.title): \($0.name)" } ?? options.title, key: key)
    }

    package static func documentInfo(title: String, key: WorksheetKey) -> PDFDocumentInfo {
        PDFDocumentInfo(
            title: title,
            creator: "ShapeTurns \(ShapeTurnsVersion.current)",
            subject:
                "Worksheet of \"Tap the Larger Shape\"; its answer key is the JSON in Keywords (shapeturns score --key this.pdf)",
            keywords: key.json()
        )
    }

    /// Writes the worksheet to `destination`, whose extension chooses the format: one `.pdf`, or
    /// numbered `.png` or `.svg` pages beside it (see `WorksheetFileNames`). With
    /// `--answer-key separate` the key is written beside it too, named `NAME-key.pdf` (or
    /// `NAME-key-01.png`, …). Missing folders above it are created. Under the output policy,
    /// files of the same names are replaced only when ShapeTurns wrote them (and they are
    /// unchanged); pages of an earlier run under the same names that this one does not write are
    /// removed on the same terms, so a user's own `sheet-99.png` is never touched. Everything is
    /// checked before any page is rendered; on failure nothing is left behind. Returns the files
    /// written, the sheet's pages first, then the key's.
    @discardableResult
    public func write(to destination: URL) throws(ShapeTurnsError) -> [URL] {
        try write(to: destination, policy: OutputPolicy(.worksheetDestination))
    }

    /// `write(to:)` under an output policy of the caller's: the command line names its own
    /// option (`--out`) and inputs that must not be overwritten.
    @discardableResult
    package func write(to destination: URL, policy: OutputPolicy) throws(ShapeTurnsError) -> [URL] {
        let format = try Self.format(of: destination)
        let destination = destination.standardizedFileURL
        let folder = destination.deletingLastPathComponent()
        let outputName = destination.lastPathComponent
        let keyName = WorksheetFileNames.keyName(for: outputName)
        var documents: [(name: String, renderer: WorksheetRenderer, info: PDFDocumentInfo)] = [
            (outputName, renderer, documentInfo)
        ]
        if options.answerKey == .separate {
            documents.append(
                (keyName, keyRenderer, Self.documentInfo(title: "\(documentInfo.title): answer key", key: key)))
        }
        let pageNames = documents.map { document in
            WorksheetFileNames.names(for: document.name, format: format, pageCount: document.renderer.layout.pageCount)
        }
        let written = pageNames.flatMap { $0 }
        let files = try StagedOutputFiles(folder: folder, names: written, policy: policy, reportedAs: destination.path)
        do {
            for (document, names) in zip(documents, pageNames) {
                switch format {
                case .pdf:
                    try files.stage(
                        try Self.render { () throws(ShapeRenderingError) in
                            try document.renderer.renderPDF(info: document.info)
                        }, as: document.name)
                case .png, .svg:
                    for (index, name) in names.enumerated() {
                        let bytes = try Self.render { () throws(ShapeRenderingError) in
                            format == .png
                                ? try document.renderer.renderPNG(page: index)
                                : try document.renderer.renderSVG(page: index)
                        }
                        try files.stage(bytes, as: name)
                    }
                }
            }
            try files.commit { name in
                !format.isMultiPage && documents.contains { WorksheetFileNames.isPage(name, of: $0.name) }
            }
        } catch {
            files.discard()
            throw error
        }
        return written.map { folder.appendingPathComponent($0) }
    }

    package static func render(_ body: () throws(ShapeRenderingError) -> [UInt8]) throws(ShapeTurnsError) -> [UInt8] {
        do {
            return try body()
        } catch {
            throw .rendering(error.description)
        }
    }

}
