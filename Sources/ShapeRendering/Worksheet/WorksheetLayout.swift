/// Where everything on a worksheet's pages goes, in points from the page's top-left corner:
/// pure geometry, computed without Cairo, so it can be tested on its own and the drawing code
/// only paints what it is given.
///
/// A page of turns has a header band (title; Name, Date and Score fields; the instruction), a
/// grid of `columns` × `rows` cells filled row by row, and a footer line. Every turn page has the
/// same header, so every cell of the worksheet is the same size and every shape canvas has the
/// same side (`canvasSide`): the size comparison stays truthful across cells and pages. The
/// answer-key pages that follow list `12: B` entries in columns of ten, one column per block of
/// ten turns (the blocks `AnswerBalance` balances), columns side by side and then in bands down
/// the page.
///
/// Values outside the ranges `WorksheetOptions` accepts are clamped to at least 1.
package struct WorksheetLayout: Sendable, Equatable {
    /// One millimetre in points.
    package static let millimetre = 72 / 25.4
    /// The space left blank around every page: 15 mm, well beyond the 3–6 mm printers cannot reach.
    package static let margin = 15 * millimetre

    package static let titleFont = CairoFont(weight: .bold, size: 18)
    package static let fieldFont = CairoFont(size: 11)
    package static let instructionFont = CairoFont(size: 10)
    package static let numberFont = CairoFont(weight: .bold, size: 11)
    package static let labelFont = CairoFont(weight: .bold, size: 11)
    package static let answerFont = CairoFont(size: 12)
    package static let footerFont = CairoFont(size: 8)

    /// The label of the header field a student's name is written on.
    package static let nameLabel = "Name"

    /// The side of the box next to each shape's letter: 5.6 mm, room for a child's tick or cross,
    /// and for the scanner to tell one from the box's own outline.
    package static let tickBoxSide = 16.0
    /// The gap between a tick box and its letter.
    package static let tickBoxGap = 5.0
    /// The room a label's letter is given beside its box: the widest of A and B in bold
    /// DejaVu Sans is under 0.78 em.
    package static let letterAllowance = 0.78
    /// Turns in one column of the answer key.
    package static let answersPerColumn = 10

    static let headerHeight = 84.0
    static let answerHeaderHeight = 58.0
    static let footerHeight = 20.0
    static let cellSpacing = 8.0
    static let cellPadding = 7.0
    static let canvasGap = 14.0
    static let labelGap = 5.0
    static let labelHeight = 17.0
    static let numberRowHeight = 12.0
    /// The advance of a digit in DejaVu Sans, bold or not, is at most 0.7 em.
    static let digitWidth = 0.7
    static let answerRowHeight = 17.0
    static let answerColumnGap = 22.0

    package let paper: PaperSize
    package let columns: Int
    package let rows: Int
    package let turnCount: Int
    package let includesAnswerKey: Bool
    /// Whether the pages of turns are there; `false` for a key printed on its own.
    package let includesTurns: Bool

    package init(
        paper: PaperSize = .a4, columns: Int = 2, rows: Int = 4, turnCount: Int, includesAnswerKey: Bool = true,
        includesTurns: Bool = true
    ) {
        self.paper = paper
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.turnCount = max(1, turnCount)
        self.includesAnswerKey = includesAnswerKey || !includesTurns
        self.includesTurns = includesTurns
    }

    // MARK: Pages

    /// The whole page.
    package var page: Rect { Rect(x: 0, y: 0, width: paper.width, height: paper.height) }

    /// The page within its margins: nothing is drawn outside it.
    package var content: Rect { page.insetBy(Self.margin) }

    package var turnsPerPage: Int { columns * rows }

    package var turnPageCount: Int { includesTurns ? Self.pagesNeeded(turnCount, perPage: turnsPerPage) : 0 }

    package var answerPageCount: Int { includesAnswerKey ? Self.pagesNeeded(turnCount, perPage: answersPerPage) : 0 }

    package var pageCount: Int { turnPageCount + answerPageCount }

    /// Every page in order: the turns (unless `includesTurns` is off), then the answer key.
    package var pages: [WorksheetPage] {
        let turnPages = (0..<turnPageCount).map { index in
            WorksheetPage.turns(Self.range(ofPage: index, perPage: turnsPerPage, count: turnCount))
        }
        let answerPages = (0..<answerPageCount).map { index in
            WorksheetPage.answerKey(Self.range(ofPage: index, perPage: answersPerPage, count: turnCount))
        }
        return turnPages + answerPages
    }

    /// The footer's baseline, at the bottom of the content area.
    package var footerBaselineY: Double { content.maxY - 2 }

    // MARK: Header of turn pages

    package var titleBaseline: Point { Point(x: content.x, y: content.y + 17) }

    /// Name (half the width), Date and Score (a quarter each), on one line under the title.
    package var headerFields: [HeaderField] {
        let gap = 16.0
        let y = content.y + 46
        let quarter = (content.width - 2 * gap) / 4
        return [
            HeaderField(label: Self.nameLabel, origin: Point(x: content.x, y: y), width: 2 * quarter),
            HeaderField(label: "Date", origin: Point(x: content.x + 2 * quarter + gap, y: y), width: quarter),
            HeaderField(
                label: "Score", trailer: "/ \(turnCount)", origin: Point(x: content.x + 3 * quarter + 2 * gap, y: y),
                width: quarter),
        ]
    }

    package var instructionBaseline: Point { Point(x: content.x, y: content.y + 67) }

    /// The rule that closes the header band.
    package var headerRuleY: Double { content.y + Self.headerHeight - 8 }

    // MARK: Cells

    /// Where the cells go: between the header and the footer.
    package var grid: Rect { body(below: Self.headerHeight) }

    package var cellWidth: Double { (grid.width - Double(columns - 1) * Self.cellSpacing) / Double(columns) }

    package var cellHeight: Double { (grid.height - Double(rows - 1) * Self.cellSpacing) / Double(rows) }

    /// Room on the left of a cell for the turn's number, when it stands beside the shapes: as
    /// many digits as the last turn has.
    package var numberGutter: Double {
        Double(String(turnCount).count) * Self.digitWidth * Self.numberFont.size + 6
    }

    /// Whether the number stands in a gutter left of the shapes (wide, low cells) rather than in
    /// a row above them (narrow or tall cells): whichever leaves the larger canvases.
    package var numberBesideShapes: Bool {
        canvasSide(numberBesideShapes: true) >= canvasSide(numberBesideShapes: false)
    }

    /// The side of every shape canvas on the worksheet: the largest that fits two side by side,
    /// with their label rows and the number, in a cell.
    package var canvasSide: Double {
        canvasSide(numberBesideShapes: numberBesideShapes)
    }

    /// The cell of turn `number` (1-based) on its page: cells fill a page row by row. The
    /// number is in the cell's top-left corner; the canvases and their label rows are centred
    /// in the room the number leaves.
    ///
    /// A last page the turns do not fill is balanced: its rows are spread evenly down the grid
    /// and a short last row is centred, so the page has no block of empty slots at the bottom.
    /// Cells keep their size, so the shapes keep the one scale of the whole worksheet.
    package func cell(forTurn number: Int) -> WorksheetCell {
        let frame = frame(ofSlot: (max(1, number) - 1) % turnsPerPage, onPageWith: turnsOnPage(of: number))
        return cell(number: number, frame: frame)
    }

    /// How many turns share the page of turn `number`; a full page for a number past the end.
    private func turnsOnPage(of number: Int) -> Int {
        let first = (max(1, number) - 1) / turnsPerPage * turnsPerPage
        guard number <= turnCount else { return turnsPerPage }
        return min(turnsPerPage, turnCount - first)
    }

    private func frame(ofSlot slot: Int, onPageWith count: Int) -> Rect {
        let row = slot / columns
        let column = slot % columns
        guard count < turnsPerPage else {
            return Rect(
                x: grid.x + Double(column) * (cellWidth + Self.cellSpacing),
                y: grid.y + Double(row) * (cellHeight + Self.cellSpacing),
                width: cellWidth, height: cellHeight
            )
        }
        let usedRows = (count + columns - 1) / columns
        let inRow = row == usedRows - 1 ? count - row * columns : columns
        let rowWidth = Double(inRow) * cellWidth + Double(inRow - 1) * Self.cellSpacing
        let gap = (grid.height - Double(usedRows) * cellHeight) / Double(usedRows + 1)
        return Rect(
            x: grid.x + (grid.width - rowWidth) / 2 + Double(column) * (cellWidth + Self.cellSpacing),
            y: grid.y + gap + Double(row) * (cellHeight + gap),
            width: cellWidth, height: cellHeight
        )
    }

    private func cell(number: Int, frame: Rect) -> WorksheetCell {
        let side = canvasSide
        let beside = numberBesideShapes
        let room = Rect(
            x: frame.x + Self.cellPadding + (beside ? numberGutter : 0),
            y: frame.y + Self.cellPadding + (beside ? 0 : Self.numberRowHeight),
            width: frame.width - 2 * Self.cellPadding - (beside ? numberGutter : 0),
            height: frame.height - 2 * Self.cellPadding - (beside ? 0 : Self.numberRowHeight)
        )
        let left = room.x + (room.width - (2 * side + Self.canvasGap)) / 2
        let top = room.y + (room.height - (side + Self.labelGap + Self.labelHeight)) / 2
        let canvasA = Rect(x: left, y: top, width: side, height: side)
        let canvasB = Rect(x: left + side + Self.canvasGap, y: top, width: side, height: side)
        func labelRow(under canvas: Rect) -> Rect {
            Rect(x: canvas.x, y: canvas.maxY + Self.labelGap, width: side, height: Self.labelHeight)
        }
        return WorksheetCell(
            number: number,
            frame: frame,
            numberBaseline: Point(
                x: frame.x + Self.cellPadding, y: frame.y + Self.cellPadding + 0.75 * Self.numberFont.size),
            canvasA: canvasA,
            canvasB: canvasB,
            labelRowA: labelRow(under: canvasA),
            labelRowB: labelRow(under: canvasB)
        )
    }

    private func canvasSide(numberBesideShapes beside: Bool) -> Double {
        let byWidth = (cellWidth - 2 * Self.cellPadding - (beside ? numberGutter : 0) - Self.canvasGap) / 2
        let byHeight =
            cellHeight - 2 * Self.cellPadding - (beside ? 0 : Self.numberRowHeight) - Self.labelGap - Self.labelHeight
        return max(0, min(byWidth, byHeight))
    }

    /// The tick box in a label row: the box and the letter's allowance, centred together.
    package static func tickBox(inLabelRow row: Rect) -> Rect {
        let width = tickBoxSide + tickBoxGap + letterAllowance * labelFont.size
        return Rect(x: row.midX - width / 2, y: row.midY - tickBoxSide / 2, width: tickBoxSide, height: tickBoxSide)
    }

    // MARK: Answer key

    package var answerTitleBaseline: Point { titleBaseline }

    package var answerSubtitleBaseline: Point { Point(x: content.x, y: content.y + 37) }

    package var answerRuleY: Double { content.y + Self.answerHeaderHeight - 10 }

    /// Where the entries go: between the answer key's header and the footer.
    package var answerArea: Rect { body(below: Self.answerHeaderHeight) }

    /// The width of the longest entry, `10000: B`: the digits, then a colon, a space and a letter.
    package var answerEntryWidth: Double {
        Double(String(turnCount).count + 3) * Self.digitWidth * Self.answerFont.size
    }

    /// Columns of ten entries side by side.
    package var answerColumns: Int {
        max(1, Int((answerArea.width + Self.answerColumnGap) / (answerEntryWidth + Self.answerColumnGap)))
    }

    /// Bands of columns down the page, a blank row between bands.
    package var answerBands: Int {
        let bandPitch = Double(Self.answersPerColumn + 1) * Self.answerRowHeight
        return max(1, Int((answerArea.height + Self.answerRowHeight) / bandPitch))
    }

    package var answersPerPage: Int { answerColumns * answerBands * Self.answersPerColumn }

    /// The box of turn `number`'s entry on its answer page; the entry is set flush right in it,
    /// so the colons of a column line up, on the baseline `answerBaseline(in:)`.
    package func answerEntry(forTurn number: Int) -> Rect {
        let index = (max(1, number) - 1) % answersPerPage
        let block = index / Self.answersPerColumn
        let band = block / answerColumns
        let column = block % answerColumns
        let row = band * (Self.answersPerColumn + 1) + index % Self.answersPerColumn
        return Rect(
            x: answerArea.x + Double(column) * (answerEntryWidth + Self.answerColumnGap),
            y: answerArea.y + Double(row) * Self.answerRowHeight,
            width: answerEntryWidth, height: Self.answerRowHeight
        )
    }

    /// The baseline of the text in an answer entry's box.
    package static func answerBaseline(in entry: Rect) -> Double {
        entry.maxY - 5
    }

    // MARK: Helpers

    /// The content between a header band of height `header` and the footer.
    private func body(below header: Double) -> Rect {
        Rect(
            x: content.x, y: content.y + header, width: content.width,
            height: content.height - header - Self.footerHeight)
    }

    private static func pagesNeeded(_ count: Int, perPage: Int) -> Int {
        (count + perPage - 1) / perPage
    }

    private static func range(ofPage index: Int, perPage: Int, count: Int) -> ClosedRange<Int> {
        (index * perPage + 1)...min(count, (index + 1) * perPage)
    }
}
