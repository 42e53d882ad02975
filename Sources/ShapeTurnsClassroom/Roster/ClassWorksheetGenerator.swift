import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The facade for a class's worksheets: one version per student (`ClassSheetPlan`: the same
/// area ratios for everyone, in an order and with shapes of each student's own), each with the
/// student's name on it, written as one PDF or one PDF per student, and the class key listing
/// every student's answers and difficulty.
///
/// In the one PDF every student starts on an odd page, so a double-sided print gives each their
/// own leaves (`singleSided` drops the blank pages that takes). The keys never share a leaf with
/// a student's sheet: `.separate` writes them as `NAME-key.pdf`, `.included` puts them after
/// every sheet, on a leaf of their own, and `.none` leaves them out.
///
/// Every PDF carries the keys of the sheets it holds as JSON in its `Keywords` (`WorksheetKey`).
/// A class's files are one set: writing it again replaces the whole set (files of students no
/// longer on the roster included) under the output policy.
package struct ClassWorksheetGenerator: Sendable {
    package let options: WorksheetOptions
    package let roster: Roster
    /// One file per student rather than one for the class.
    package let splitsFiles: Bool
    /// The one PDF without the blank pages that start every student on a fresh leaf.
    package let singleSided: Bool
    /// One generator per student, in roster order.
    package let sheets: [WorksheetGenerator]

    /// Fails with the property at fault. `options.answerKey`: `.included` ends the class's PDF
    /// with the class key (not with `splitsFiles`: a student's own file would carry it);
    /// `.separate` writes the class key document; `.none` neither.
    package init(
        options: WorksheetOptions, roster: Roster, splitsFiles: Bool = false, singleSided: Bool = false,
        catalog: ShapeCatalog = .standard
    )
        throws(ShapeTurnsError)
    {
        try options.validate(catalog: catalog)
        if splitsFiles, options.answerKey == .included {
            throw .invalidOption(
                "\(.answerKeyMode, "included")",
                because:
                    "would put each student's key in the file they are handed; with one file per student the keys go in their own file (separate, the default for a class) or nowhere (none)"
            )
        }
        if splitsFiles, singleSided {
            throw .invalidOption(
                .singleSided, reason: "drops the blank pages of the class's one PDF; one file per student has none")
        }
        self.options = options
        self.roster = roster
        self.splitsFiles = splitsFiles
        self.singleSided = singleSided
        let plan = try ClassSheetPlan(options: options.game, catalog: catalog)
        var sheets: [WorksheetGenerator] = []
        for student in roster.students {
            var own = options
            own.game = plan.options(for: student)
            own.answerKey = .none
            sheets.append(
                try WorksheetGenerator(
                    options: own, student: student, turns: try plan.turns(for: student), code: plan.code(for: student),
                    catalog: catalog))
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
                    sheetCode: sheet.code.description, answers: sheet.answers,
                    note: ClassSheetPlan.difficultySummary(sheet.turns))
            }
        )
    }

    /// The parts of the one PDF: each student's sheet, then with `.included` the class key.
    private var bookParts: [any PrintablePages] {
        sheets.map { $0.renderer.pageView } + (options.answerKey == .included ? [keyPages] : [])
    }

    /// The one PDF's pages: every part on a fresh leaf unless `singleSided`.
    private var book: PDFBook {
        PDFBook(paper: options.paper, parts: bookParts, startsPartsOnOddPages: !singleSided)
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
                let info = WorksheetGenerator.documentInfo(
                    title: "\(options.title): \(sheets.count) student\(sheets.count == 1 ? "" : "s")", key: key)
                try files.stage(
                    try WorksheetGenerator.render { () throws(ShapeRenderingError) in try book.renderPDF(info: info) },
                    as: names[0])
            }
            if options.answerKey == .separate, let keyName = names.last {
                let keyBook = PDFBook(paper: options.paper, parts: [keyPages])
                let info = WorksheetGenerator.documentInfo(title: "\(options.title): answer keys", key: key)
                try files.stage(
                    try WorksheetGenerator.render { () throws(ShapeRenderingError) in try keyBook.renderPDF(info: info)
                    },
                    as: keyName)
            }
            // The class's files are one set: those of an earlier run that this one does not write
            // (students no longer on the roster, the other layout's files) go too.
            let outputName = destination.lastPathComponent
            try files.commit { name in WorksheetFileNames.isClassFile(name, of: outputName) }
        } catch {
            files.discard()
            throw error
        }
        return names.map { folder.appendingPathComponent($0) }
    }

    /// The page each student's sheet starts on in the one-file PDF (1-based; all odd unless
    /// `singleSided`), then the class key's with `.included`.
    package var firstPages: [Int] {
        book.firstPages
    }
}
