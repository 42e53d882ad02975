import ShapeGame
import ShapeRendering
import Testing

@Suite("Worksheet layout puts everything on the page, apart and to one scale")
struct WorksheetLayoutTests {
    static func inside(_ inner: Rect, _ outer: Rect, by inset: Double = 0) -> Bool {
        inner.x >= outer.x + inset - 1e-9 && inner.y >= outer.y + inset - 1e-9
            && inner.maxX <= outer.maxX - inset + 1e-9 && inner.maxY <= outer.maxY - inset + 1e-9
    }

    static func apart(_ first: Rect, _ second: Rect) -> Bool {
        first.maxX <= second.x || second.maxX <= first.x || first.maxY <= second.y || second.maxY <= first.y
    }

    @Test func paperSizesAreA4AndLetterInPoints() {
        #expect(PaperSize.a4.width == 595.28 && PaperSize.a4.height == 841.89)
        #expect(PaperSize.letter.width == 612 && PaperSize.letter.height == 792)
        let layout = WorksheetLayout(turnCount: 1)
        #expect(layout.paper == .a4 && layout.columns == 2 && layout.rows == 4)
    }

    @Test(arguments: PaperSize.allCases)
    func marginsAreFifteenMillimetres(paper: PaperSize) {
        let layout = WorksheetLayout(paper: paper, turnCount: 30)
        #expect(abs(WorksheetLayout.margin - 42.52) < 0.01)
        #expect(abs(layout.content.x - WorksheetLayout.margin) < 1e-9)
        #expect(abs(layout.page.maxX - layout.content.maxX - WorksheetLayout.margin) < 1e-9)
        #expect(abs(layout.page.maxY - layout.content.maxY - WorksheetLayout.margin) < 1e-9)
    }

    @Test func thirtyTurnsMakeFourPagesOfEightAndAnAnswerPage() {
        let layout = WorksheetLayout(turnCount: 30)
        #expect(layout.turnsPerPage == 8)
        #expect(layout.pageCount == 5)
        #expect(layout.pages == [.turns(1...8), .turns(9...16), .turns(17...24), .turns(25...30), .answerKey(1...30)])
        let withoutKey = WorksheetLayout(turnCount: 30, includesAnswerKey: false)
        #expect(withoutKey.pageCount == 4 && withoutKey.answerPageCount == 0)
        #expect(WorksheetLayout(columns: 3, rows: 5, turnCount: 30).pageCount == 3)
        #expect(WorksheetLayout(turnCount: 1).pages == [.turns(1...1), .answerKey(1...1)])
    }

    @Test func cellsFillAPageRowByRow() {
        let layout = WorksheetLayout(columns: 2, rows: 4, turnCount: 30)
        let first = layout.cell(forTurn: 1)
        let second = layout.cell(forTurn: 2)
        let third = layout.cell(forTurn: 3)
        #expect(second.frame.y == first.frame.y && second.frame.x > first.frame.maxX)
        #expect(third.frame.x == first.frame.x && third.frame.y > first.frame.maxY)
        #expect(layout.cell(forTurn: 9).frame == first.frame)
        #expect(layout.cell(forTurn: 9).number == 9)
    }

    /// Every grid the command accepts, on both papers: cells within the grid and apart, the
    /// grid under the header and above the footer, canvases and label rows within their cell,
    /// apart from each other and from the number, and every canvas the same size. (The largest
    /// grids leave small canvases: 6 × 10 cells on Letter with five-digit numbers, 6 points.)
    @Test(arguments: PaperSize.allCases, [1, 9, 10_000])
    func everyGridFitsWithOneCanvasSide(paper: PaperSize, turns: Int) {
        for columns in 1...6 {
            for rows in 1...10 {
                let layout = WorksheetLayout(paper: paper, columns: columns, rows: rows, turnCount: turns)
                let side = layout.canvasSide
                #expect(side > 5, "\(columns)x\(rows): canvas \(side)")
                #expect(layout.grid.y > layout.headerRuleY)
                #expect(layout.grid.maxY < layout.footerBaselineY - WorksheetLayout.footerFont.size)
                #expect(Self.inside(layout.grid, layout.content))
                let lastPage = (turns - 1) / layout.turnsPerPage * layout.turnsPerPage
                for page in Set([0, lastPage]) {
                    let cells = ((page + 1)...min(turns, page + layout.turnsPerPage)).map { layout.cell(forTurn: $0) }
                    checkCells(cells, of: layout, "\(columns)x\(rows)")
                }
            }
        }
    }

    /// Cells within the grid, not overlapping, canvases of one side inside each cell, apart from the number.
    private func checkCells(_ cells: [WorksheetCell], of layout: WorksheetLayout, _ grid: String) {
        let side = layout.canvasSide
        for (index, cell) in cells.enumerated() {
            #expect(Self.inside(cell.frame, layout.grid), "\(grid) cell \(cell.number)")
            for other in cells[(index + 1)...] where !Self.apart(cell.frame, other.frame) {
                Issue.record("\(grid): cells \(cell.number) and \(other.number) overlap")
            }
            for part in [cell.canvasA, cell.canvasB, cell.labelRowA, cell.labelRowB] {
                #expect(Self.inside(part, cell.frame, by: 6.9), "\(grid) cell \(cell.number)")
            }
            #expect(cell.canvasA.width == side && cell.canvasA.height == side)
            #expect(cell.canvasB.width == side && cell.canvasB.height == side)
            #expect(cell.canvasA.maxX < cell.canvasB.x)
            #expect(cell.labelRowA.y >= cell.canvasA.maxY && cell.labelRowB.y >= cell.canvasB.maxY)
            let numberBox = Rect(
                x: cell.numberBaseline.x, y: cell.numberBaseline.y - WorksheetLayout.numberFont.size,
                width: Double(String(layout.turnCount).count) * 0.7 * WorksheetLayout.numberFont.size,
                height: WorksheetLayout.numberFont.size
            )
            #expect(Self.apart(numberBox, cell.canvasA), "\(grid): the number touches shape A")
        }
    }

    /// 18 turns on 2 × 4 pages leave 2 on the last: one row, centred down the grid, the two
    /// cells as large as on a full page; 19 leave 3, two rows with equal gaps above, between and
    /// below, and the short row centred across.
    @Test func aShortLastPageSpreadsItsCellsEvenly() {
        let two = WorksheetLayout(turnCount: 18)
        let full = two.cell(forTurn: 1).frame
        let (a, b) = (two.cell(forTurn: 17).frame, two.cell(forTurn: 18).frame)
        #expect(a.width == full.width && a.height == full.height)
        #expect(a.y == b.y)
        #expect(abs((a.y - two.grid.y) - (two.grid.maxY - a.maxY)) < 1e-9)
        #expect(a.x == full.x)

        let three = WorksheetLayout(turnCount: 19)
        let cells = (17...19).map { three.cell(forTurn: $0).frame }
        let gap = cells[0].y - three.grid.y
        #expect(gap > 8, "wider than the 8-point spacing of a full page")
        #expect(abs((cells[2].y - cells[0].maxY) - gap) < 1e-9)
        #expect(abs((three.grid.maxY - cells[2].maxY) - gap) < 1e-9)
        #expect(abs(cells[2].midX - three.grid.midX) < 1e-9)
        #expect(cells[0].y == cells[1].y)
    }

    @Test func theDefaultGridGivesCanvasesOfAboutFourCentimetres() {
        let a4 = WorksheetLayout(paper: .a4, turnCount: 30)
        let letter = WorksheetLayout(paper: .letter, turnCount: 30)
        #expect((100...120).contains(a4.canvasSide), "\(a4.canvasSide)")
        #expect((100...120).contains(letter.canvasSide), "\(letter.canvasSide)")
    }

    @Test func headerFieldsSitSideBySideWithinTheContent() {
        let layout = WorksheetLayout(turnCount: 30)
        let fields = layout.headerFields
        #expect(fields.map(\.label) == ["Name", "Date", "Score"])
        #expect(fields[2].trailer == "/ 30")
        for (field, next) in zip(fields, fields.dropFirst()) {
            #expect(field.origin.x + field.width < next.origin.x)
        }
        #expect(fields[2].origin.x + fields[2].width <= layout.content.maxX + 1e-9)
        #expect(layout.titleBaseline.y < fields[0].origin.y && fields[0].origin.y < layout.instructionBaseline.y)
        #expect(layout.instructionBaseline.y < layout.headerRuleY)
    }

    @Test(arguments: PaperSize.allCases, [30, 999, 10_000])
    func answerEntriesAreInColumnsOfTenWithinTheArea(paper: PaperSize, turns: Int) {
        let layout = WorksheetLayout(paper: paper, turnCount: turns)
        #expect(layout.answersPerPage % 10 == 0)
        #expect(layout.answerPageCount == (turns + layout.answersPerPage - 1) / layout.answersPerPage)
        let onFirstPage = min(turns, layout.answersPerPage)
        let entries = (1...onFirstPage).map { layout.answerEntry(forTurn: $0) }
        for (index, entry) in entries.enumerated() {
            #expect(Self.inside(entry, layout.answerArea), "entry \(index + 1)")
            if index % 10 != 0 {
                #expect(
                    entry.x == entries[index - 1].x && entry.y == entries[index - 1].maxY,
                    "entry \(index + 1) is under \(index)")
            }
        }
        for (index, entry) in entries.enumerated() {
            for other in entries[(index + 1)...] where !Self.apart(entry, other) {
                Issue.record("answer entries overlap: \(entry) and \(other)")
            }
        }
        #expect(entries[0].y > layout.answerRuleY)
    }

    @Test func largeWorksheetsNumberTheirAnswerPages() {
        let layout = WorksheetLayout(turnCount: 10_000)
        let answerPages = layout.pages.filter { if case .answerKey = $0 { true } else { false } }
        #expect(answerPages.count == layout.answerPageCount)
        #expect(answerPages.first?.turnNumbers.lowerBound == 1)
        #expect(answerPages.last?.turnNumbers.upperBound == 10_000)
        #expect(layout.turnPageCount == 1250)
    }
}
