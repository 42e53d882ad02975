import ShapeGame

/// The answer keys of a whole class, for the teacher: for each student in roster order, a
/// heading (number, name, sheet code) and rows of entries (`12: B`) in turn order.
///
/// A student's key starts on a new page when it would not fit on this one but fits on a page of
/// its own; a longer one runs on, with the heading again on the next page, marked "continued".
package struct ClassKeyPageView: PrintablePages {
    /// One printed line of the document.
    enum Line: Sendable, Equatable {
        case heading(entry: Int, continued: Bool)
        case answers(entry: Int, turns: ClosedRange<Int>)
    }

    static let headingFont = CairoFont(weight: .bold, size: 11)
    static let headingHeight = 22.0
    static let rowHeight = 16.0
    static let entryGap = 8.0

    package let paper: PaperSize
    package let title: String
    package let entries: [ClassKeyEntry]
    private let layout: WorksheetLayout
    private let pageLines: [[Line]]

    package init(paper: PaperSize, title: String, entries: [ClassKeyEntry]) {
        self.paper = paper
        self.title = title
        self.entries = entries
        let longest = entries.map(\.answers.count).max() ?? 1
        layout = WorksheetLayout(paper: paper, turnCount: longest, includesTurns: false)
        pageLines = Self.paginate(entries, perRow: Self.entriesPerRow(layout), height: layout.answerArea.height)
    }

    package var pageCount: Int { max(1, pageLines.count) }

    /// Entries side by side in a row: ten when they fit, else five, else as many as fit.
    static func entriesPerRow(_ layout: WorksheetLayout) -> Int {
        let fitting = max(1, Int((layout.answerArea.width + entryGap) / (layout.answerEntryWidth + entryGap)))
        return fitting >= 10 ? 10 : (fitting >= 5 ? 5 : fitting)
    }

    static func paginate(_ entries: [ClassKeyEntry], perRow: Int, height: Double) -> [[Line]] {
        var pages: [[Line]] = []
        var page: [Line] = []
        var used = 0.0
        func startPage() {
            if !page.isEmpty { pages.append(page) }
            page = []
            used = 0
        }
        for (index, entry) in entries.enumerated() {
            let turns = max(1, entry.answers.count)
            let block = headingHeight + Double((turns + perRow - 1) / perRow) * rowHeight
            if used + headingHeight + rowHeight > height || (used > 0 && used + block > height && block <= height) {
                startPage()
            }
            page.append(.heading(entry: index, continued: false))
            used += headingHeight
            for first in stride(from: 1, through: turns, by: perRow) {
                if used + rowHeight > height {
                    startPage()
                    page.append(.heading(entry: index, continued: true))
                    used += headingHeight
                }
                page.append(.answers(entry: index, turns: first...min(turns, first + perRow - 1)))
                used += rowHeight
            }
            used += rowHeight / 2
        }
        startPage()
        return pages
    }

    package func draw(page index: Int, in context: CairoContext) throws(ShapeRenderingError) {
        try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            try context.paint(WorksheetPageView.paper)
            try drawHeader(in: context)
            var y = layout.answerArea.y
            let lines = pageLines.indices.contains(index) ? pageLines[index] : []
            var previous: Line?
            for line in lines {
                switch line {
                case .heading(let entry, let continued):
                    if previous != nil { y += Self.rowHeight / 2 }
                    let student = entries[entry]
                    let text =
                        "\(student.number). \(student.student)\(continued ? " (continued)" : "")    Sheet \(student.sheetCode)\(student.note.isEmpty ? "" : "    \(student.note)")"
                    try showFitted(
                        text, font: Self.headingFont, at: Point(x: layout.content.x, y: y + Self.headingHeight - 6),
                        width: layout.content.width, in: context)
                    y += Self.headingHeight
                case .answers(let entry, let turns):
                    try drawRow(entries[entry], turns: turns, top: y, in: context)
                    y += Self.rowHeight
                }
                previous = line
            }
            try drawFooter(page: index + 1, in: context)
        }
    }

    private func drawHeader(in context: CairoContext) throws(CairoError) {
        try context.show(
            "Answer keys", font: WorksheetLayout.titleFont, color: WorksheetPageView.ink, at: layout.answerTitleBaseline
        )
        let turns = entries.first?.answers.count ?? 0
        let subtitle =
            "\(title): the larger shape of each pair, for each student's own sheet (\(entries.count) student\(entries.count == 1 ? "" : "s"), \(turns) turn\(turns == 1 ? "" : "s") each)"
        try showFitted(
            subtitle, font: WorksheetLayout.instructionFont, at: layout.answerSubtitleBaseline,
            width: layout.content.width, in: context, color: WorksheetPageView.softInk)
        let y = layout.answerRuleY
        try context.stroke(
            .polyline([Point(x: layout.content.x, y: y), Point(x: layout.content.maxX, y: y)]),
            with: WorksheetPageView.ruleColor, lineWidth: 0.5)
    }

    private func drawRow(_ entry: ClassKeyEntry, turns: ClosedRange<Int>, top: Double, in context: CairoContext)
        throws(CairoError)
    {
        let font = WorksheetLayout.answerFont
        for (column, turn) in turns.enumerated() where entry.answers.indices.contains(turn - 1) {
            let text = "\(turn): \(entry.answers[turn - 1].rawValue.uppercased())"
            let right = layout.content.x + Double(column + 1) * layout.answerEntryWidth + Double(column) * Self.entryGap
            let width = try context.measure(text, font: font).xAdvance
            try context.show(
                text, font: font, color: WorksheetPageView.ink, at: Point(x: right - width, y: top + Self.rowHeight - 4)
            )
        }
    }

    private func drawFooter(page: Int, in context: CairoContext) throws(CairoError) {
        let font = WorksheetLayout.footerFont
        let text = "Page \(page) of \(pageCount)"
        let width = try context.measure(text, font: font).xAdvance
        try context.show(
            text, font: font, color: WorksheetPageView.softInk,
            at: Point(x: layout.content.maxX - width, y: layout.footerBaselineY))
        try context.show(
            "Teacher's copy: keep apart from the sheets", font: font, color: WorksheetPageView.softInk,
            at: Point(x: layout.content.x, y: layout.footerBaselineY))
    }

    private func showFitted(
        _ text: String, font: CairoFont, at origin: Point, width: Double, in context: CairoContext,
        color: RGBAColor = WorksheetPageView.ink
    ) throws(CairoError) {
        try FittedText(text, font: font, at: origin, width: width).draw(in: context, color: color)
    }
}
