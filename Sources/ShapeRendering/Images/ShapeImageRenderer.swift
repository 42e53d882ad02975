/// Renders one shape view on its own square canvas, as PNG or SVG bytes from the same drawing code.
public struct ShapeImageRenderer: Sendable {
    /// The side of each square canvas, in pixels.
    public let canvasSide: Int
    /// What lies under each shape.
    public let background: CanvasBackground
    /// How PNGs are compressed; every choice decodes to the same pixels.
    public let pngEncoding: PNGEncoding

    /// A renderer of `canvasSide`-pixel square canvases over `background`, writing PNGs with `pngEncoding`.
    public init(canvasSide: Int, background: CanvasBackground = .transparent, pngEncoding: PNGEncoding = .fast) {
        self.canvasSide = canvasSide
        self.background = background
        self.pngEncoding = pngEncoding
    }

    /// Draws `view` centred on a canvas and encodes it as `format`: PNG or SVG bytes, the same for the same view every time.
    public func render(_ view: any ShapeView, as format: ImageFormat) throws(CairoError) -> [UInt8] {
        switch format {
        case .png:
            try renderImage(view).pngBytes(pngEncoding)
        case .svg:
            try renderSVG(view)
        }
    }

    /// The view drawn on an in-memory image, for PNG encoding or pixel inspection.
    public func renderImage(_ view: any ShapeView) throws(CairoError) -> CairoSurface {
        let surface = try CairoSurface.image(width: canvasSide, height: canvasSide)
        try draw(view, on: surface)
        return surface
    }

    private func renderSVG(_ view: any ShapeView) throws(CairoError) -> [UInt8] {
        let surface = try CairoSurface.svg(width: canvasSide, height: canvasSide)
        try draw(view, on: surface)
        return SVGNormalizer.normalize(try surface.finishSVG())
    }

    private func draw(_ view: any ShapeView, on surface: CairoSurface) throws(CairoError) {
        let context = try CairoContext(surface: surface)
        if case .color(let background) = background {
            try context.paint(background)
        }
        try view.draw(in: context, bounds: view.bounds(onCanvasOfSide: Double(canvasSide)))
    }
}
