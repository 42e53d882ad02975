/// Several printable parts in one PDF, one after another: the sheets of a whole class.
///
/// With `startsPartsOnOddPages`, a part that would begin on the back of a leaf is pushed to the
/// next one by a `BlankPage`, so printed double-sided, every student's sheet starts on a fresh
/// piece of paper and no two students share a leaf.
package struct PDFBook: Sendable {
    package let paper: PaperSize
    package let parts: [any PrintablePages]
    package let startsPartsOnOddPages: Bool

    package init(paper: PaperSize, parts: [any PrintablePages], startsPartsOnOddPages: Bool = true) {
        self.paper = paper
        self.parts = parts
        self.startsPartsOnOddPages = startsPartsOnOddPages
    }

    /// The pages in order: each part's, with a blank page before a part that would start on an
    /// even page.
    package var pages: [(part: any PrintablePages, index: Int)] {
        var pages: [(part: any PrintablePages, index: Int)] = []
        for part in parts {
            if startsPartsOnOddPages, pages.count % 2 == 1 {
                pages.append((BlankPage(paper: paper), 0))
            }
            pages += (0..<part.pageCount).map { (part, $0) }
        }
        return pages
    }

    /// The 1-based page each part starts on.
    package var firstPages: [Int] {
        var first: [Int] = []
        var count = 0
        for part in parts {
            if startsPartsOnOddPages, count % 2 == 1 { count += 1 }
            first.append(count + 1)
            count += part.pageCount
        }
        return first
    }

    /// The whole book as one PDF with the document information `info`.
    package func renderPDF(info: PDFDocumentInfo) throws(ShapeRenderingError) -> [UInt8] {
        let (surface, context) = try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            let surface = try CairoSurface.pdf(widthPoints: paper.width, heightPoints: paper.height, info: info)
            return (surface, try CairoContext(surface: surface))
        }
        for page in pages {
            try page.part.draw(page: page.index, in: context)
            try ShapeRenderingError.catchingCairo { () throws(CairoError) in try context.showPage() }
        }
        return try ShapeRenderingError.catchingCairo { () throws(CairoError) in try surface.finishPDF() }
    }
}
