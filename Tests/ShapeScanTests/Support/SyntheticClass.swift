import Foundation
import ShapeGame
import ShapeRendering
import ShapeScan
import ShapeTurns

/// A class's sheets printed, ticked and scanned, all from a seed: the test suite's scan
/// generator. Pages are rendered by ShapeTurns itself at a resolution, marked by a seeded `Pen`,
/// then degraded by a `ScanProfile`; every mark drawn is kept as the truth to check against.
struct SyntheticClass {
    struct Truth: Sendable {
        let sheetCode: String
        let page: Int
        /// Mark and the label it chooses, by turn number.
        let marks: [Int: (mark: PenMark, label: ShapeLabel)]
    }

    let generator: ClassWorksheetGenerator
    let key: ScoringKey

    init(students: Int, turns: Int, seed: UInt64 = 7) throws {
        var options = WorksheetOptions()
        options.game.turns = turns
        options.game.seed = seed
        options.answerKey = AnswerKeyMode.separate
        let roster = Roster(students: (1...students).map { Student(number: $0, name: "Student \($0)") })
        generator = try ClassWorksheetGenerator(options: options, roster: roster)
        key = try ScoringKey.rebuilt(options: options.game, roster: roster)
    }

    /// Every turn page of every sheet at `dpi`, marked by a pen seeded from `seed`.
    func markedPages(dpi: Double, seed: UInt64) throws -> [(image: GrayImage, truth: Truth)] {
        var random = SplitMix(state: seed)
        let weights: [(PenMark, Int)] = [
            (.tick, 34), (.cross, 14), (.fill, 10), (.circle, 10), (.heavyTick, 5), (.stray, 5), (.double, 5),
            (.faint, 4), (.smudge, 3), (.blank, 10),
        ]
        let bag = weights.flatMap { Array(repeating: $0.0, count: $0.1) }
        var pages: [(GrayImage, Truth)] = []
        for sheet in generator.sheets {
            let layout = sheet.renderer.layout
            for (index, page) in layout.pages.enumerated() {
                guard case .turns(let numbers) = page else { continue }
                let surface = try sheet.renderer.renderImage(page: index, dpi: dpi)
                let context = try CairoContext(surface: surface)
                try context.scale(by: dpi / 72)
                var pen = Pen(random: SplitMix(state: random.next()))
                var marks: [Int: (mark: PenMark, label: ShapeLabel)] = [:]
                for number in numbers {
                    let cell = layout.cell(forTurn: number)
                    let mark = random.pick(bag)
                    let label: ShapeLabel = random.next() % 2 == 0 ? .a : .b
                    try pen.draw(
                        mark, choosing: label, boxA: WorksheetLayout.tickBox(inLabelRow: cell.labelRowA),
                        boxB: WorksheetLayout.tickBox(inLabelRow: cell.labelRowB), cell: cell.frame, in: context)
                    marks[number] = (mark, label)
                }
                pages.append(
                    (try Self.gray(surface), Truth(sheetCode: sheet.code.description, page: index + 1, marks: marks)))
            }
        }
        return pages
    }

    static func gray(_ surface: CairoSurface) throws -> GrayImage {
        let pixels = try surface.argbPixels()
        return GrayImage(
            width: surface.width, height: surface.height,
            pixels: pixels.map { pixel in
                let red = Int(pixel >> 16 & 0xFF)
                let green = Int(pixel >> 8 & 0xFF)
                let blue = Int(pixel & 0xFF)
                return UInt8((299 * red + 587 * green + 114 * blue) / 1000)
            })
    }
}

/// How a reading of synthetic scans compares with the marks drawn.
struct ScanTally: CustomStringConvertible {
    var pages = 0
    var pagesRead = 0
    var pagesToWrongSheet = 0
    var turns = 0
    /// Turns with a clear mark or a clean blank, and how many of them were flagged.
    var clearTurns = 0
    var clearFlagged = 0
    /// A choice read that was not the one drawn, a blank read where a choice was drawn, a double
    /// mark not flagged, a faint mark read as a choice.
    var wrongUnflagged = 0
    var mustFlagMissed = 0
    /// Faint marks and smudges, and how many of them were flagged (the rest read as blanks).
    var faintTurns = 0
    var faintFlagged = 0
    /// Why pages were not read, with counts.
    var problems: [String: Int] = [:]

    var description: String {
        "pages \(pagesRead)/\(pages) read, \(pagesToWrongSheet) to a wrong sheet; turns \(turns): "
            + "\(clearFlagged)/\(clearTurns) clear turns flagged, \(wrongUnflagged) wrong unflagged, "
            + "\(mustFlagMissed) double marks not flagged, \(faintFlagged)/\(faintTurns) faint marks flagged; not read: \(problems.sorted { $0.key < $1.key })"
    }

    mutating func add(_ page: ScannedPage, truth: SyntheticClass.Truth) {
        pages += 1
        if let problem = page.problem { problems[String(describing: problem).prefix(30).description, default: 0] += 1 }
        guard page.problem == nil, let code = page.code else { return }
        guard code.sheetCode == truth.sheetCode, code.page == truth.page else {
            pagesToWrongSheet += 1
            return
        }
        pagesRead += 1
        for reading in page.readings {
            guard let (mark, label) = truth.marks[reading.turn] else { continue }
            turns += 1
            let flagged = reading.flag != nil
            if mark.isChoice || mark == .blank {
                clearTurns += 1
                if flagged { clearFlagged += 1 }
            }
            if mark.isChoice, !flagged, reading.choice != label { wrongUnflagged += 1 }
            if mark == .blank, reading.choice != nil { wrongUnflagged += 1 }
            if mark.mustFlag, !flagged {
                mustFlagMissed += 1
                wrongUnflagged += 1
            }
            if mark.mayFlag, reading.choice != nil { wrongUnflagged += 1 }
            if mark.mayFlag {
                faintTurns += 1
                if flagged { faintFlagged += 1 }
            }
        }
    }
}
