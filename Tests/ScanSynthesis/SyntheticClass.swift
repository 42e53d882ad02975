import ShapeGame
import ShapeRendering
import ShapeScan
import ShapeTurns

/// A class's sheets printed, ticked and scanned, all from a seed: the scan generator of the
/// tests and of scripts/benchmark-scan. Pages are rendered by ShapeTurns itself at a
/// resolution, marked by a seeded `Pen`, then degraded by a `ScanProfile`; every mark drawn is
/// kept as the truth to check against.
package struct SyntheticClass {
    package struct Truth: Sendable {
        package let sheetCode: String
        package let page: Int
        /// Mark and the label it chooses, by turn number.
        package let marks: [Int: (mark: PenMark, label: ShapeLabel)]
    }

    package let generator: ClassWorksheetGenerator
    package let key: ScoringKey

    package init(students: Int, turns: Int, seed: UInt64 = 7) throws {
        var options = WorksheetOptions()
        options.game.turns = turns
        options.game.seed = seed
        options.answerKey = AnswerKeyMode.separate
        let roster = Roster(students: (1...students).map { Student(number: $0, name: "Student \($0)") })
        generator = try ClassWorksheetGenerator(options: options, roster: roster)
        key = try ScoringKey.rebuilt(options: options.game, roster: roster)
    }

    /// Every turn page of every sheet at `dpi`, marked by a pen seeded from `seed`: marks drawn
    /// from `PenMark.weights`, or only `only` when it is given.
    package func markedPages(dpi: Double, seed: UInt64, only: PenMark? = nil) throws -> [(
        image: GrayImage, truth: Truth
    )] {
        var random = SplitMix(state: seed)
        let bag = only.map { [$0] } ?? PenMark.weights.flatMap { Array(repeating: $0.0, count: $0.1) }
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

    package static func gray(_ surface: CairoSurface) throws -> GrayImage {
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
