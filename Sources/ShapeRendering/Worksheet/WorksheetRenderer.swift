/// Renders a worksheet's pages with one drawing code (`WorksheetPageView`) in every format: the
/// whole worksheet as one PDF, or one page at a time as SVG (in points, so it prints at size) or
/// as a PNG at a stated resolution.
package struct WorksheetRenderer: Sendable {
    /// The resolution of PNG pages: 150 dpi, enough to print sharply, and an A4 page is
    /// 1240 × 1754 pixels.
    package static let pngDPI = 150.0

    package let pageView: WorksheetPageView

    package init(pageView: WorksheetPageView) {
        self.pageView = pageView
    }

    package var layout: WorksheetLayout { pageView.layout }

    /// Every page in one PDF, with the fixed date of `info`.
    package func renderPDF(info: PDFDocumentInfo) throws(ShapeRenderingError) -> [UInt8] {
        let (surface, context) = try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            let surface = try CairoSurface.pdf(
                widthPoints: layout.paper.width, heightPoints: layout.paper.height, info: info)
            return (surface, try CairoContext(surface: surface))
        }
        for index in 0..<layout.pageCount {
            try pageView.draw(page: index, in: context)
            try ShapeRenderingError.catchingCairo { () throws(CairoError) in try context.showPage() }
        }
        return try ShapeRenderingError.catchingCairo { () throws(CairoError) in try surface.finishPDF() }
    }

    /// Page `index` (0-based) as an SVG document whose ids depend only on the drawing; throws
    /// `pageOutOfRange` for an index outside `0..<layout.pageCount`.
    package func renderSVG(page index: Int) throws(ShapeRenderingError) -> [UInt8] {
        try checkPage(index)
        let (surface, context) = try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            let surface = try CairoSurface.svgPage(widthPoints: layout.paper.width, heightPoints: layout.paper.height)
            return (surface, try CairoContext(surface: surface))
        }
        try pageView.draw(page: index, in: context)
        return SVGNormalizer.normalize(
            try ShapeRenderingError.catchingCairo { () throws(CairoError) in try surface.finishSVG() })
    }

    /// Page `index` (0-based) as a PNG at `dpi`; throws `pageOutOfRange` or
    /// `resolutionOutOfRange` for an index or resolution it cannot draw.
    package func renderPNG(page index: Int, dpi: Double = Self.pngDPI) throws(ShapeRenderingError) -> [UInt8] {
        let image = try renderImage(page: index, dpi: dpi)
        return try ShapeRenderingError.catchingCairo { () throws(CairoError) in try image.pngBytes() }
    }

    /// Page `index` (0-based) drawn on an opaque image at `dpi`: a page's width in pixels is
    /// its width in points × dpi / 72, rounded. Throws `pageOutOfRange` for an index outside
    /// `0..<layout.pageCount`, and `resolutionOutOfRange` unless both sides come to 1 to
    /// `CairoSurface.maximumSide` pixels.
    package func renderImage(page index: Int, dpi: Double) throws(ShapeRenderingError) -> CairoSurface {
        try checkPage(index)
        let scale = dpi / 72
        let width = (layout.paper.width * scale).rounded()
        let height = (layout.paper.height * scale).rounded()
        let sides = 1...Double(CairoSurface.maximumSide)
        guard dpi > 0, sides.contains(width), sides.contains(height) else {
            throw .resolutionOutOfRange(dpi)
        }
        let (surface, context) = try ShapeRenderingError.catchingCairo { () throws(CairoError) in
            let surface = try CairoSurface.opaqueImage(width: Int(width), height: Int(height))
            let context = try CairoContext(surface: surface)
            try context.scale(by: scale)
            return (surface, context)
        }
        try pageView.draw(page: index, in: context)
        return surface
    }

    private func checkPage(_ index: Int) throws(ShapeRenderingError) {
        guard (0..<layout.pageCount).contains(index) else {
            throw .pageOutOfRange(index, pageCount: layout.pageCount)
        }
    }
}
