/// A page left blank so that the next sheet of a double-sided print starts on a fresh leaf; it
/// says so in small print, so nobody thinks a page went missing.
package struct BlankPage: PrintablePages {
    package static let note = "This page is left blank for double-sided printing."

    package let paper: PaperSize

    package init(paper: PaperSize) {
        self.paper = paper
    }

    package var pageCount: Int { 1 }

    package func draw(page index: Int, in context: CairoContext) throws(ShapeRenderingError) {
        try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            try context.paint(WorksheetPageView.paper)
            let font = WorksheetLayout.footerFont
            let width = try context.measure(Self.note, font: font).xAdvance
            let layout = WorksheetLayout(paper: paper, turnCount: 1)
            try context.show(
                Self.note, font: font, color: WorksheetPageView.softInk,
                at: Point(x: layout.content.midX - width / 2, y: layout.footerBaselineY))
        }
    }
}
