import ShapeGame

/// Renders one shape view on its own square canvas, or both shapes of a turn on one game-screen
/// image (`PairCanvas`), as PNG or SVG bytes from the same drawing code.
public struct ShapeImageRenderer: Sendable {
    /// The colour of the "A" and "B" labels under a pair's shapes.
    static let labelInk = RGBAColor(red: 0.2, green: 0.2, blue: 0.2)

    /// The side of each square canvas, in pixels.
    package let canvasSide: Int
    /// What lies under each shape.
    package let background: CanvasBackground
    /// How PNGs are compressed; every choice decodes to the same pixels.
    package let pngEncoding: PNGEncoding

    /// Whether the background covers every pixel: PNGs are then RGB, with no alpha channel for a
    /// loader to carry.
    var isOpaque: Bool {
        if case .color(let color) = background { color.alpha >= 1 } else { false }
    }

    /// A renderer of `canvasSide`-pixel square canvases over `background`, writing PNGs with `pngEncoding`.
    public init(canvasSide: Int, background: CanvasBackground = .transparent, pngEncoding: PNGEncoding = .fast) {
        self.canvasSide = canvasSide
        self.background = background
        self.pngEncoding = pngEncoding
    }

    /// Draws `view` on a canvas, centred and upright or as `pose` places it, and encodes it as
    /// `format`: PNG or SVG bytes, the same for the same view and pose every time.
    public func render(_ view: any ShapeView, pose: ShapePose? = nil, as format: ImageFormat) throws(CairoError)
        -> [UInt8]
    {
        switch format {
        case .png:
            try renderImage(view, pose: pose).pngBytes(pngEncoding, opaque: isOpaque)
        case .svg:
            try renderSVG(view, pose: pose)
        }
    }

    /// The view drawn on an in-memory image, for PNG encoding or pixel inspection.
    public func renderImage(_ view: any ShapeView, pose: ShapePose? = nil) throws(CairoError) -> CairoSurface {
        let surface = try CairoSurface.image(width: canvasSide, height: canvasSide)
        try draw(view, pose: pose, on: surface)
        return surface
    }

    /// Both shapes of a turn on one image laid out by `canvas` (whose `side` should be
    /// `canvasSide`): `views[0]` in the left square, `views[1]` in the right, each drawn exactly
    /// as on its own canvas; with `canvas.labels`, "A" and "B" underneath.
    /// `poses`, when given, place each shape within its own square.
    package func renderPair(
        _ views: [any ShapeView], poses: [ShapePose?] = [], canvas: PairCanvas, as format: ImageFormat
    ) throws(CairoError) -> [UInt8] {
        switch format {
        case .png:
            let surface = try CairoSurface.image(width: canvas.width, height: canvas.height)
            try drawPair(views, poses: poses, canvas: canvas, on: surface)
            return try surface.pngBytes(pngEncoding, opaque: isOpaque)
        case .svg:
            let surface = try CairoSurface.svg(width: canvas.width, height: canvas.height)
            try drawPair(views, poses: poses, canvas: canvas, on: surface)
            return SVGNormalizer.normalize(try surface.finishSVG())
        }
    }

    private func drawPair(_ views: [any ShapeView], poses: [ShapePose?], canvas: PairCanvas, on surface: CairoSurface)
        throws(CairoError)
    {
        let context = try CairoContext(surface: surface)
        if case .color(let background) = background {
            try context.paint(background)
        }
        let font = CairoFont(weight: .bold, size: Double(canvas.labelBand) * 0.62)
        for (index, view) in views.enumerated() {
            let origin = canvas.squareOrigin(index)
            try context.withSavedState { () throws(CairoError) in
                try context.translate(to: Point(x: Double(origin.x), y: Double(origin.y)))
                if let pose = poses.indices.contains(index) ? poses[index] : nil {
                    try pose.draw(view, extent: view.shape.proportion * Double(canvas.side), in: context)
                } else {
                    try view.draw(in: context, bounds: view.bounds(onCanvasOfSide: Double(canvas.side)))
                }
            }
            guard canvas.labels else { continue }
            let letter = index == 0 ? "A" : "B"
            let box = canvas.labelBox(index)
            let extents = try context.measure(letter, font: font)
            let baseline = Point(x: box.midX - extents.xAdvance / 2, y: box.midY + font.size * 0.36)
            try context.show(letter, font: font, color: Self.labelInk, at: baseline)
        }
    }

    private func renderSVG(_ view: any ShapeView, pose: ShapePose?) throws(CairoError) -> [UInt8] {
        let surface = try CairoSurface.svg(width: canvasSide, height: canvasSide)
        try draw(view, pose: pose, on: surface)
        return SVGNormalizer.normalize(try surface.finishSVG())
    }

    private func draw(_ view: any ShapeView, pose: ShapePose?, on surface: CairoSurface) throws(CairoError) {
        let context = try CairoContext(surface: surface)
        if case .color(let background) = background {
            try context.paint(background)
        }
        if let pose {
            try pose.draw(view, extent: view.shape.proportion * Double(canvasSide), in: context)
        } else {
            try view.draw(in: context, bounds: view.bounds(onCanvasOfSide: Double(canvasSide)))
        }
    }
}
