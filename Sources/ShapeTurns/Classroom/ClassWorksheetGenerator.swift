import Foundation
import ShapeGame
import ShapeRendering

/// The facade for a class's worksheets: one version per student, each from the student's own
/// seed (`Student.seed(from:)`) with their name on it, written as one PDF (every student
/// starting on an odd page, so a double-sided print gives each their own leaves) or one PDF per
/// student, and, unless the key is printed on each sheet or not at all, one class key document
/// listing every student's answers (`NAME-key.pdf`).
///
/// Every PDF carries the keys of the sheets it holds as JSON in its `Keywords` (`WorksheetKey`).
package struct ClassWorksheetGenerator: Sendable {
    package let options: WorksheetOptions
    package let roster: Roster
    /// One file per student rather than one for the class.
    package let splitsFiles: Bool
    /// One generator per student, in roster order.
    package let sheets: [WorksheetGenerator]

    /// Fails with the property at fault. `options.answerKey`: `.included` ends each student's
    /// sheet with its own key; `.separate` writes the class key document; `.none` neither.
    package init(
        options: WorksheetOptions, roster: Roster, splitsFiles: Bool = false, catalog: ShapeCatalog = .standard
    )
        throws(ShapeTurnsError)
    {
        try options.validate(catalog: catalog)
        self.options = options
        self.roster = roster
        self.splitsFiles = splitsFiles
        var sheets: [WorksheetGenerator] = []
        for student in roster.students {
            var own = options
            own.game.seed = student.seed(from: options.game.seed)
            own.answerKey = options.answerKey == .included ? .included : .none
            sheets.append(try WorksheetGenerator(options: own, student: student, catalog: catalog))
        }
        self.sheets = sheets
    }

    /// The key of the whole class: the worksheet's options (with the class's `--seed`) and one
    /// sheet per student.
    package var key: WorksheetKey {
        WorksheetKey(title: options.title, options: options.game, sheets: sheets.map(\.sheetKey))
    }

    /// The class key document's pages.
    package var keyPages: ClassKeyPageView {
        ClassKeyPageView(
            paper: options.paper,
            title: options.title,
            entries: sheets.map { sheet in
                ClassKeyEntry(
                    number: sheet.student?.number ?? 0, student: sheet.student?.name ?? "",
                    sheetCode: sheet.code.description, answers: sheet.answers)
            }
        )
    }

    /// The names of the files `write(to:)` writes for an output named `outputName`, in order:
    /// the sheets (one, or one per student), then the class key when there is one.
    package func fileNames(for outputName: String) -> [String] {
        var names =
            splitsFiles
            ? roster.students.map {
                WorksheetFileNames.studentName(for: outputName, student: $0, classSize: roster.students.count)
            }
            : [outputName]
        if options.answerKey == .separate {
            names.append(WorksheetFileNames.keyName(for: outputName))
        }
        return names
    }

    /// Writes the class's PDFs beside `destination` (a `.pdf` file name); nothing else is
    /// accepted, since a class's sheets are one document or one per student. All files take
    /// their names together once every one is written; on failure none is left. Returns them.
    @discardableResult
    package func write(to destination: URL, policy: OutputPolicy = OutputPolicy(.worksheetDestination))
        throws(ShapeTurnsError)
        -> [URL]
    {
        guard try WorksheetGenerator.format(of: destination) == .pdf else {
            throw .invalidOption(
                .worksheetDestination,
                reason: "a class's sheets are written as PDF; name a .pdf file (got '\(destination.lastPathComponent)')"
            )
        }
        let destination = destination.standardizedFileURL
        let folder = destination.deletingLastPathComponent()
        let names = fileNames(for: destination.lastPathComponent)
        let files = try StagedOutputFiles(folder: folder, names: names, policy: policy, reportedAs: destination.path)
        do {
            if splitsFiles {
                for (sheet, name) in zip(sheets, names) {
                    let key = WorksheetKey(title: options.title, options: options.game, sheets: [sheet.sheetKey])
                    let info = WorksheetGenerator.documentInfo(title: sheet.documentInfo.title, key: key)
                    try files.stage(
                        try WorksheetGenerator.render { () throws(ShapeRenderingError) in
                            try sheet.renderer.renderPDF(info: info)
                        }, as: name)
                }
            } else {
                let book = PDFBook(paper: options.paper, parts: sheets.map { $0.renderer.pageView })
                let info = WorksheetGenerator.documentInfo(
                    title: "\(options.title): \(sheets.count) student\(sheets.count == 1 ? "" : "s")", key: key)
                try files.stage(
                    try WorksheetGenerator.render { () throws(ShapeRenderingError) in try book.renderPDF(info: info) },
                    as: names[0])
            }
            if options.answerKey == .separate, let keyName = names.last {
                let book = PDFBook(paper: options.paper, parts: [keyPages])
                let info = WorksheetGenerator.documentInfo(title: "\(options.title): answer keys", key: key)
                try files.stage(
                    try WorksheetGenerator.render { () throws(ShapeRenderingError) in try book.renderPDF(info: info) },
                    as: keyName)
            }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        return names.map { folder.appendingPathComponent($0) }
    }

    /// The page each student's sheet starts on in the one-file PDF (1-based; all odd).
    package var firstPages: [Int] {
        PDFBook(paper: options.paper, parts: sheets.map { $0.renderer.pageView }).firstPages
    }
}
