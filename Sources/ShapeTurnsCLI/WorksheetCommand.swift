import ArgumentParser
import Foundation
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns worksheet`: renders numbered turns on printable pages with an answer key.
struct WorksheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worksheet",
        abstract:
            "Render numbered turns on printable pages (PDF, PNG or SVG) with an answer key; a version per student.",
        discussion: """
            Each page has a header (title; name, date and score lines), a grid of numbered cells \
            with shapes A and B drawn to one scale and a box to tick under each, and the page \
            number. The answer key follows, one entry per turn (12: B). The turns are the ones \
            generate makes with the same options and seed. The extension of --out chooses the \
            format: .pdf writes one document; .png (150 dpi) or .svg write one file per page, \
            numbered: sheet-01.png, sheet-02.png, ...

            The footer shows the sheet's code (it identifies the turns: options, seed and \
            ShapeTurns version) and its seed. A PDF carries its answer key as JSON in its \
            Keywords, so `shapeturns score --key sheet.pdf` scores against it.

            Pairs closer than --min-ratio are never drawn: 1.25 by default on a worksheet (a \
            quarter more area), a difference a child can see on paper; --min-ratio 1.1 as for \
            generate is still there for older players.

            With --class ROSTER (one name a line, or CSV with a name column), every student gets \
            a version of their own, equally hard: the same area ratios in an order and with \
            shapes of their own (the class key shows each sheet's ratios). Its seed comes from \
            --seed, the student's position and name, and every other option, so changing any \
            option changes each answer pattern; the same options and seed give the same sheets. \
            The name is printed on the Name line and in the footer. The sheets are one PDF, each \
            student starting on an odd page for double-sided printing (--single-sided drops the \
            blank pages), or one PDF per student with --split-files (NAME-01-ana-lima.pdf, ...). \
            The class key is NAME-key.pdf; with --answer-key included it ends the one PDF instead, \
            on a leaf of its own. Writing a class again replaces its whole set of files.

            Examples:
              shapeturns worksheet
              shapeturns worksheet --turns 30 --seed 7 --out sheet.pdf
              shapeturns worksheet --turns 30 --seed 7 --paper letter --columns 3 --rows 5 --out sheet.pdf
              shapeturns worksheet --turns 12 --title "Warm-up" --no-answer-key --out warm-up.png
              shapeturns worksheet --strategy mixed --shapes square,circle,triangle,star,hexagon --out mixed.svg
              shapeturns worksheet --turns 20 --seed 7 --answer-key separate --out quiz.pdf
              shapeturns worksheet --class roster.txt --turns 20 --seed 7 --out class.pdf
              shapeturns worksheet --class roster.csv --split-files --out sheets/class.pdf
              shapeturns worksheet --class roster.txt --single-sided --out class.pdf
            """
    )

    @Option(parsing: .unconditional, help: "How many turns, 1 to 10,000.")
    var turns = WorksheetOptions().game.turns

    @Option(
        parsing: .unconditional,
        help: "The seed every turn's random stream comes from; the same as generate's --seed gives the same turns.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "The file to write: .pdf, .png or .svg (PNG and SVG pages are numbered: NAME-01.png, ...).",
            valueName: "file"))
    var out = "worksheet.pdf"

    @Option(help: "Paper size: a4 (210 x 297 mm) or letter (8.5 x 11 in).")
    var paper = PaperSize.a4

    @Option(parsing: .unconditional, help: ArgumentHelp("Cells across a page, 1 to 6.", valueName: "n"))
    var columns = WorksheetOptions().columns

    @Option(parsing: .unconditional, help: ArgumentHelp("Cells down a page, 1 to 10.", valueName: "n"))
    var rows = WorksheetOptions().rows

    @Option(help: ArgumentHelp("The title at the top of every page, 1 to 60 characters.", valueName: "text"))
    var title = WorksheetOptions().title

    @Option(
        help: ArgumentHelp(
            "Where the answer key goes: included (after the turns), separate (its own file, NAME-key.pdf), or none. Default: included; separate with --class.",
            valueName: "mode"
        ))
    var answerKey: AnswerKeyMode?

    @Flag(help: "Leave out the answer-key pages (the same as --answer-key none).")
    var noAnswerKey = false

    @Option(
        help: ArgumentHelp(
            "A class roster: one name a line (.txt), or CSV with a name column. Makes one version per student, 1 to \(Roster.studentLimit) students.",
            valueName: "file"
        ))
    var `class`: String?

    @Flag(help: "With --class, write one PDF per student (NAME-01-ana-lima.pdf, ...) instead of one for the class.")
    var splitFiles = false

    @Flag(help: "With --class, print-ready for one-sided printing: no blank pages between students.")
    var singleSided = false

    @OptionGroup(
        title: "Shapes and style (as for generate; --line-width is in pixels of a 512-pixel canvas, scaled with it)")
    var shapeOptions: ShapeOptions

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    func validate() throws {
        if noAnswerKey, let answerKey, answerKey != .none {
            throw ValidationError("--no-answer-key: contradicts --answer-key \(answerKey.rawValue); give one of them")
        }
        if splitFiles, `class` == nil {
            throw ValidationError(
                "--split-files: splits a class's sheets, one file per student; give --class ROSTER too")
        }
        if singleSided, `class` == nil || splitFiles {
            throw ValidationError(
                "--single-sided: drops the blank pages between the students of a class's one PDF; give --class ROSTER, without --split-files"
            )
        }
        do throws(ShapeTurnsError) {
            _ = try OutputPolicy(.worksheetDestination).destination(out)
            let format = try WorksheetGenerator.format(of: destination)
            if `class` != nil, format != .pdf {
                throw .invalidOption(
                    "--out",
                    reason:
                        "a class's sheets are written as PDF; name a .pdf file (got '\(destination.lastPathComponent)')"
                )
            }
            _ = try WorksheetGenerator(options: try makeOptions())
        } catch {
            throw ValidationError(error.commandLineMessage)
        }
    }

    func run() throws {
        if let roster = `class` {
            try runClass(roster: Roster(contentsOf: URL(fileURLWithPath: roster)))
            return
        }
        let generator = try WorksheetGenerator(options: try makeOptions())
        let files = try generator.write(to: destination) // outside the policy: in name only; writes through it
        guard !quiet else { return }
        let layout = generator.layout
        let folder = (out as NSString).deletingLastPathComponent
        let names = files.map { folder.isEmpty ? $0.lastPathComponent : "\(folder)/\($0.lastPathComponent)" }
        let keyFiles =
            generator.options.answerKey != .separate
            ? 0
            : (try WorksheetGenerator.format(of: destination).isMultiPage ? 1 : generator.keyRenderer.layout.pageCount)
        let sheetNames = Array(names.dropLast(keyFiles))
        func span(_ names: [String]) -> String {
            names.count == 1 ? names[0] : "\(names.first ?? "") ... \(names.last ?? "")"
        }
        let pages =
            layout.answerPageCount == 0
            ? Plural.count(layout.pageCount, "page")
            : "\(Plural.count(layout.pageCount, "page")) (\(layout.turnPageCount) of turns, \(layout.answerPageCount) of answers)"
        var line = "Wrote \(Plural.count(generator.options.game.turns, "turn")) on \(pages): \(span(sheetNames))"
        if sheetNames.count < names.count {
            line += "; answer key: \(span(Array(names.dropFirst(sheetNames.count))))"
        }
        try StandardStreams.outputLine(line + "; sheet \(generator.code)")
    }

    private func runClass(roster: Roster) throws {
        var options = try makeOptions()
        if answerKey == nil, !noAnswerKey {
            options.answerKey = .separate
        }
        let generator = try ClassWorksheetGenerator(
            options: options, roster: roster, splitsFiles: splitFiles, singleSided: singleSided)
        warnOfBoxes(in: roster.students.map(\.name))
        let files = try generator.write(to: destination) // outside the policy: in name only; writes through it
        guard !quiet else { return }
        let folder = (out as NSString).deletingLastPathComponent
        let names = files.map { folder.isEmpty ? $0.lastPathComponent : "\(folder)/\($0.lastPathComponent)" }
        let students = Plural.count(roster.students.count, "student")
        let turns = Plural.count(options.game.turns, "turn")
        if splitFiles {
            let sheets = names.prefix(roster.students.count)
            try StandardStreams.outputLine(
                "Wrote \(students)' sheets of \(turns), one PDF each: \(sheets.first ?? "") ... \(sheets.last ?? "")")
        } else {
            let layout = singleSided ? "one after another" : "each starting on an odd page"
            let keys = options.answerKey == .included ? ", the class key last" : ""
            try StandardStreams.outputLine(
                "Wrote \(students)' sheets of \(turns) in one PDF, \(layout)\(keys): \(names[0])")
        }
        if options.answerKey == .separate, let key = names.last {
            try StandardStreams.outputLine("Class answer key: \(key)")
        }
    }

    /// Says on stderr which names have characters no installed font has (they would print as
    /// empty boxes) and what to install; the sheets are written all the same.
    private func warnOfBoxes(in names: [String]) {
        let boxed = names.filter { ((try? FontCoverage.missingGlyphCount(in: $0)) ?? 0) > 0 }
        guard let first = boxed.first else { return }
        let others = boxed.count > 1 ? " and \(Plural.count(boxed.count - 1, "other name"))" : ""
        StandardStreams.diagnose(
            "shapeturns worksheet: no installed font has every character of '\(first)'\(others), so they print as empty boxes; install fonts for their scripts (scripts/bootstrap installs fonts-wqy-microhei and fonts-lohit-deva; fonts-noto-core covers most others)\n"
        )
    }

    /// `--out` as a file URL; only a trailing `/` makes it name a folder.
    private var destination: URL {
        URL(fileURLWithPath: out, isDirectory: out.hasSuffix("/"))
    }

    private func makeOptions() throws(ShapeTurnsError) -> WorksheetOptions {
        var options = WorksheetOptions()
        options.game.turns = turns
        options.game.seed = seed
        options.paper = paper
        options.columns = columns
        options.rows = rows
        options.title = title
        options.answerKey = noAnswerKey ? .none : (answerKey ?? .included)
        try shapeOptions.apply(to: &options.game)
        return options
    }
}

extension PaperSize: ExpressibleByArgument {}

extension AnswerKeyMode: ExpressibleByArgument {}
