import ArgumentParser
import Foundation
import ShapeRendering
import ShapeTurns

/// `shapeturns worksheet`: renders numbered turns on printable pages with an answer key.
struct WorksheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worksheet",
        abstract: "Render numbered turns on printable pages (PDF, PNG or SVG) with an answer-key page.",
        discussion: """
            Each page has a header (title; name, date and score lines), a grid of numbered cells \
            with shapes A and B drawn to one scale and a box to tick under each, and the page \
            number. The answer key follows, one entry per turn (12: B). The turns are the ones \
            generate makes with the same options and seed. The extension of --out chooses the \
            format: .pdf writes one document; .png (150 dpi) or .svg write one file per page, \
            numbered: sheet-01.png, sheet-02.png, ...

            Examples:
              shapeturns worksheet
              shapeturns worksheet --turns 30 --seed 7 --out sheet.pdf
              shapeturns worksheet --turns 30 --seed 7 --paper letter --columns 3 --rows 5 --out sheet.pdf
              shapeturns worksheet --turns 12 --title "Warm-up" --no-answer-key --out warm-up.png
              shapeturns worksheet --strategy mixed --shapes square,circle,triangle,star,hexagon --out mixed.svg
            """
    )

    @Option(help: "How many turns, 1 to 10,000.")
    var turns = WorksheetOptions().game.turns

    @Option(help: "The seed every turn's random stream comes from; the same as generate's --seed gives the same turns.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The file to write: .pdf, .png or .svg (PNG and SVG pages are numbered: NAME-01.png, ...).", valueName: "file"))
    var out = "worksheet.pdf"

    @Option(help: "Paper size: a4 (210 x 297 mm) or letter (8.5 x 11 in).")
    var paper = PaperSize.a4

    @Option(help: ArgumentHelp("Cells across a page, 1 to 6.", valueName: "n"))
    var columns = WorksheetOptions().columns

    @Option(help: ArgumentHelp("Cells down a page, 1 to 10.", valueName: "n"))
    var rows = WorksheetOptions().rows

    @Option(help: ArgumentHelp("The title at the top of every page, 1 to 60 characters.", valueName: "text"))
    var title = WorksheetOptions().title

    @Flag(help: "Leave out the answer-key pages.")
    var noAnswerKey = false

    @OptionGroup(title: "Shapes and style (as for generate; --line-width is in pixels of a 512-pixel canvas, scaled with it)")
    var shapeOptions: ShapeOptions

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    func validate() throws {
        do {
            _ = try OutputPolicy(option: "--out").destination(out)
            _ = try WorksheetGenerator.format(of: destination)
            _ = try WorksheetGenerator(options: try makeOptions())
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let generator = try WorksheetGenerator(options: try makeOptions())
        let files = try generator.write(to: destination)
        if !quiet {
            let layout = generator.layout
            let pages = "\(layout.pageCount) page\(layout.pageCount == 1 ? "" : "s") (\(layout.turnPageCount) of turns, \(layout.answerPageCount) of answers)"
            let folder = (out as NSString).deletingLastPathComponent
            let names = files.map { folder.isEmpty ? $0.lastPathComponent : "\(folder)/\($0.lastPathComponent)" }
            let written = names.count == 1 ? names[0] : "\(names[0]) ... \(names[names.count - 1])"
            print("Wrote \(generator.options.game.turns) turns on \(pages): \(written)")
        }
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
        options.includesAnswerKey = !noAnswerKey
        try shapeOptions.apply(to: &options.game)
        return options
    }
}

extension PaperSize: ExpressibleByArgument {}
