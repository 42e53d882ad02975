import ShapeGame

/// Draws one page of a worksheet into a Cairo context whose user unit is the point, wherever
/// the page goes: a PDF page, an SVG page, or an image scaled to a resolution.
///
/// A sheet with a code also gets the marks a scanner reads it back by (`ReadBackMarks`): a tag
/// in each corner and the page's code (`PageCode`) as squares in the bottom margin.
///
/// It paints what `WorksheetLayout` places: white paper, the header or the answer key's
/// heading, the cells (frame, number, the two shapes on canvases of one common side, a tick box
/// and a letter under each) or the answer entries, and the footer with the page number.
package struct WorksheetPageView: PrintablePages {
    static let ink = RGBAColor(red: 0.1, green: 0.1, blue: 0.1)
    static let softInk = RGBAColor(red: 0.35, green: 0.35, blue: 0.35)
    static let ruleColor = RGBAColor(red: 0.55, green: 0.55, blue: 0.55)
    static let cellBorderColor = RGBAColor(red: 0.78, green: 0.78, blue: 0.78)
    static let paper = RGBAColor(red: 1, green: 1, blue: 1)
    static let markInk = RGBAColor(red: 0, green: 0, blue: 0)

    package let layout: WorksheetLayout
    package let content: WorksheetContent
    private let builder: ShapeViewBuilder

    package init(layout: WorksheetLayout, content: WorksheetContent, viewFactory: ShapeViewFactory = ShapeViewFactory())
    {
        self.layout = layout
        self.content = content
        builder = ShapeViewBuilder(style: content.style, viewFactory: viewFactory)
    }

    package var pageCount: Int { layout.pageCount }

    /// Draws page `index` (0-based) of `layout.pages`; a page past the end is left blank.
    package func draw(page index: Int, in context: CairoContext) throws(ShapeRenderingError) {
        let pages = layout.pages
        try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            try context.paint(Self.paper)
        }
        guard pages.indices.contains(index) else { return }
        switch pages[index] {
        case .turns(let numbers):
            try ShapeRenderingError.catchingCairo { () throws(CairoError) in try drawHeader(in: context) }
            for number in numbers {
                try drawCell(layout.cell(forTurn: number), in: context)
            }
        case .answerKey(let numbers):
            try ShapeRenderingError.catchingCairo { () throws(CairoError) in try drawAnswerKey(numbers, in: context) }
        }
        try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            try drawFooter(page: index + 1, of: pages.count, in: context)
            try drawReadBackMarks(page: index + 1, in: context)
        }
    }

    // MARK: Turn pages

    private func drawHeader(in context: CairoContext) throws(CairoError) {
        try showFitted(
            content.title, font: WorksheetLayout.titleFont, at: layout.titleBaseline, width: layout.content.width,
            in: context)
        for field in layout.headerFields {
            let font = WorksheetLayout.fieldFont
            try context.show(field.label, font: font, color: Self.ink, at: field.origin)
            let ruleStart = field.origin.x + (try context.measure(field.label, font: font)).xAdvance + 4
            var ruleEnd = field.origin.x + field.width
            if !field.trailer.isEmpty {
                let trailerWidth = try context.measure(field.trailer, font: font).xAdvance
                ruleEnd -= trailerWidth + 4
                try context.show(
                    field.trailer, font: font, color: Self.ink,
                    at: Point(x: field.origin.x + field.width - trailerWidth, y: field.origin.y))
            }
            try rule(
                from: ruleStart, to: ruleEnd, y: field.origin.y + 2, color: Self.ruleColor, width: 0.6, in: context)
            if field.label == WorksheetLayout.nameLabel, !content.studentName.isEmpty {
                try showFitted(
                    content.studentName, font: font, at: Point(x: ruleStart + 4, y: field.origin.y - 1),
                    width: ruleEnd - ruleStart - 8, in: context)
            }
        }
        try context.show(
            WorksheetContent.instruction, font: WorksheetLayout.instructionFont, color: Self.softInk,
            at: layout.instructionBaseline)
        try rule(
            from: layout.content.x, to: layout.content.maxX, y: layout.headerRuleY, color: Self.ruleColor, width: 0.5,
            in: context)
    }

    private func drawCell(_ cell: WorksheetCell, in context: CairoContext) throws(ShapeRenderingError) {
        try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            try context.stroke(.rectangle(cell.frame), with: Self.cellBorderColor, lineWidth: 0.6)
            try context.show(
                String(cell.number), font: WorksheetLayout.numberFont, color: Self.ink, at: cell.numberBaseline)
        }
        guard content.turns.indices.contains(cell.number - 1) else { return }
        let turn = content.turns[cell.number - 1]
        for label in ShapeLabel.allCases {
            let view = try builder.buildView(for: turn.shape(label))
            try ShapeRenderingError.catchingCairo { () throws(CairoError) in
                try drawShape(view, on: cell.canvas(label), in: context)
                try drawLabel(label, in: cell.labelRow(label), in: context)
            }
        }
    }

    /// Draws the shape exactly as on `generate`'s canvas of the reference side, scaled so that
    /// canvas fills `canvas`: both shapes of every cell share one scale.
    private func drawShape(_ view: any ShapeView, on canvas: Rect, in context: CairoContext) throws(CairoError) {
        let side = content.referenceCanvasSide
        try context.withSavedState { () throws(CairoError) in
            try context.translate(to: Point(x: canvas.x, y: canvas.y))
            try context.scale(by: canvas.width / side)
            if case .color(let background) = content.background {
                try context.fill(.rectangle(Rect(x: 0, y: 0, width: side, height: side)), with: background)
            }
            try view.draw(in: context, bounds: view.bounds(onCanvasOfSide: side))
        }
    }

    /// A tick box and the shape's letter, centred together in the row.
    private func drawLabel(_ label: ShapeLabel, in row: Rect, in context: CairoContext) throws(CairoError) {
        let boxRect = WorksheetLayout.tickBox(inLabelRow: row)
        try context.stroke(.rectangle(boxRect), with: Self.ink, lineWidth: 0.9)
        try context.show(
            label.rawValue.uppercased(), font: WorksheetLayout.labelFont, color: Self.ink,
            at: Point(
                x: boxRect.maxX + WorksheetLayout.tickBoxGap, y: boxRect.midY + 0.36 * WorksheetLayout.labelFont.size))
    }

    // MARK: Marks for reading back

    /// The four corner tags and the page code's squares (`ReadBackMarks`), on a page of a sheet
    /// with a code.
    private func drawReadBackMarks(page: Int, in context: CairoContext) throws(CairoError) {
        guard !content.sheetCode.isEmpty,
            let bits = PageCode(sheetCode: content.sheetCode, page: page, columns: layout.columns, rows: layout.rows)
                .bits
        else { return }
        let marks = ReadBackMarks(paper: layout.paper)
        try context.fill(rectangles: (0..<4).flatMap { marks.tagBlackCells(corner: $0) }, with: Self.markInk)
        try context.fill(
            rectangles: zip(marks.codeSquares, bits).compactMap { $1 ? $0 : nil }, with: Self.markInk)
    }

    // MARK: Answer key

    private func drawAnswerKey(_ numbers: ClosedRange<Int>, in context: CairoContext) throws(CairoError) {
        try context.show("Answer key", font: WorksheetLayout.titleFont, color: Self.ink, at: layout.answerTitleBaseline)
        let owner = content.studentName.isEmpty ? "" : "\(content.studentName), "
        let subtitle =
            "\(owner)\(content.title): the larger shape of each pair, turns \(numbers.lowerBound) to \(numbers.upperBound)"
        try showFitted(
            subtitle, font: WorksheetLayout.instructionFont, at: layout.answerSubtitleBaseline,
            width: layout.content.width, in: context, color: Self.softInk)
        try rule(
            from: layout.content.x, to: layout.content.maxX, y: layout.answerRuleY, color: Self.ruleColor, width: 0.5,
            in: context)
        for number in numbers {
            guard let entry = content.answerEntry(forTurn: number) else { continue }
            let frame = layout.answerEntry(forTurn: number)
            let width = try context.measure(entry, font: WorksheetLayout.answerFont).xAdvance
            let baseline = Point(x: frame.maxX - width, y: WorksheetLayout.answerBaseline(in: frame))
            try context.show(entry, font: WorksheetLayout.answerFont, color: Self.ink, at: baseline)
        }
    }

    // MARK: Shared

    private func drawFooter(page: Int, of count: Int, in context: CairoContext) throws(CairoError) {
        let font = WorksheetLayout.footerFont
        let y = layout.footerBaselineY
        let pageText = "Page \(page) of \(count)"
        let width = try context.measure(pageText, font: font).xAdvance
        try context.show(pageText, font: font, color: Self.softInk, at: Point(x: layout.content.maxX - width, y: y))
        if !content.footerNote.isEmpty {
            let room = layout.content.width - width - 12
            try showFitted(
                content.footerNote, font: font, at: Point(x: layout.content.x, y: y), width: room, in: context,
                color: Self.softInk)
        }
    }

    /// Shows `text` in `font` within `width` (`FittedText`).
    private func showFitted(
        _ text: String, font: CairoFont, at origin: Point, width: Double, in context: CairoContext,
        color: RGBAColor = Self.ink
    ) throws(CairoError) {
        try FittedText(text, font: font, at: origin, width: width).draw(in: context, color: color)
    }

    private func rule(
        from start: Double, to end: Double, y: Double, color: RGBAColor, width: Double, in context: CairoContext
    ) throws(CairoError) {
        guard end > start else { return }
        try context.stroke(.polyline([Point(x: start, y: y), Point(x: end, y: y)]), with: color, lineWidth: width)
    }
}
