import CCairo

/// A Cairo drawing context on a `CairoSurface`, speaking in ShapeTurns' geometry and colours.
package final class CairoContext {
    package let surface: CairoSurface
    private let pointer: OpaquePointer
    private var pangoLayout: PangoTextLayout?

    package init(surface: CairoSurface) throws(CairoError) {
        guard let pointer = cairo_create(surface.pointer) else {
            throw .failed(operation: "create a drawing context", status: "no context returned")
        }
        self.surface = surface
        self.pointer = pointer
        try checkStatus("create a drawing context")
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Covers the whole surface with `color`.
    package func paint(_ color: RGBAColor) throws(CairoError) {
        setSource(color)
        cairo_paint(pointer)
        try checkStatus("paint the background")
    }

    /// Fills the inside of `path` with `color`.
    package func fill(_ path: ShapePath, with color: RGBAColor) throws(CairoError) {
        setSource(color)
        append(path)
        cairo_fill(pointer)
        try checkStatus("fill a shape")
    }

    /// Fills the union of `rectangles` (which do not overlap) with `color` as one path, so
    /// cells that touch meet without a seam: an AprilTag's black cells, a page code's bits.
    package func fill(rectangles: [Rect], with color: RGBAColor) throws(CairoError) {
        setSource(color)
        cairo_new_path(pointer)
        for rect in rectangles where rect.width > 0 && rect.height > 0 {
            cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        }
        cairo_fill(pointer)
        try checkStatus("fill a page mark")
    }

    /// Fills the band between `outer` and `inner` (which lies inside it) with `color`: an
    /// outline of exactly the band's width, whatever the width, with no stroker involved.
    package func fillBand(outer: ShapePath, inner: ShapePath, with color: RGBAColor) throws(CairoError) {
        setSource(color)
        cairo_new_path(pointer)
        appendSubpath(outer)
        appendSubpath(inner)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(pointer)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
        try checkStatus("fill a shape's outline")
    }

    /// Strokes `path` with a line `lineWidth` wide, centred on the path: for rules, frames and
    /// tick boxes (shape outlines are painted as exact bands by `fillBand`).
    package func stroke(_ path: ShapePath, with color: RGBAColor, lineWidth: Double) throws(CairoError) {
        setSource(color)
        cairo_set_line_width(pointer, lineWidth)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
        append(path)
        cairo_stroke(pointer)
        try checkStatus("stroke a line")
    }

    /// Runs `body` and then puts back the transformation and other drawing state it changed
    /// (`cairo_save` / `cairo_restore`).
    package func withSavedState(_ body: () throws(CairoError) -> Void) throws(CairoError) {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        try body()
        try checkStatus("draw within a saved state")
    }

    /// Moves the origin of user space to `point` (in the current user space).
    package func translate(to point: Point) throws(CairoError) {
        cairo_translate(pointer, point.x, point.y)
        try checkStatus("move the origin")
    }

    /// Turns user space by `angle` radians about its origin (clockwise on screen, as y points down).
    public func rotate(by angle: Double) throws(CairoError) {
        cairo_rotate(pointer, angle)
        try checkStatus("rotate by \(angle)")
    }

    /// Maps user space linearly: a point (x, y) is drawn at (xx·x + xy·y, yx·x + yy·y).
    package func transform(xx: Double, xy: Double, yx: Double, yy: Double) throws(CairoError) {
        var matrix = cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: 0, y0: 0)
        cairo_transform(pointer, &matrix)
        try checkStatus("transform user space")
    }

    /// Scales user space by `factor` in both directions: a length of 1 becomes `factor`.
    package func scale(by factor: Double) throws(CairoError) {
        cairo_scale(pointer, factor, factor)
        try checkStatus("scale by \(factor)")
    }

    /// How much room `text` takes in `font`, without drawing it; with `ellipsizedWidth`, as
    /// `show` draws it with that width.
    package func measure(_ text: String, font: CairoFont, ellipsizedWidth: Double? = nil) throws(CairoError)
        -> TextExtents
    {
        let layout = try textLayout()
        layout.set(text, font: font, ellipsizedWidth: ellipsizedWidth, on: pointer)
        let extents = layout.extents
        try checkStatus("measure text")
        return extents
    }

    /// How many characters of `text` no installed font has a glyph for (each prints as a box).
    package func missingGlyphCount(_ text: String, font: CairoFont) throws(CairoError) -> Int {
        let layout = try textLayout()
        layout.set(text, font: font, ellipsizedWidth: nil, on: pointer)
        return layout.missingGlyphCount
    }

    /// Draws `text` in `font` and `color` with its origin at `baseline` (the left end of the
    /// baseline), through Pango (`PangoTextLayout`): a character the font lacks is drawn from
    /// another installed font, and right-to-left runs are in order. With `ellipsizedWidth`, text
    /// wider than that is cut at its end with an ellipsis.
    package func show(
        _ text: String, font: CairoFont, color: RGBAColor, at baseline: Point, ellipsizedWidth: Double? = nil
    ) throws(CairoError) {
        let layout = try textLayout()
        layout.set(text, font: font, ellipsizedWidth: ellipsizedWidth, on: pointer)
        setSource(color)
        layout.show(at: baseline, on: pointer)
        try checkStatus("draw text")
    }

    /// Runs `body` with drawing clipped to `rect`, then lifts the clip.
    package func withClip(to rect: Rect, _ body: () throws(CairoError) -> Void) throws(CairoError) {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        cairo_new_path(pointer)
        cairo_rectangle(pointer, rect.x, rect.y, max(0, rect.width), max(0, rect.height))
        cairo_clip(pointer)
        try body()
        try checkStatus("draw within a clip")
    }

    /// Ends the current page of a multi-page document (a PDF) and starts a blank one.
    package func showPage() throws(CairoError) {
        cairo_show_page(pointer)
        try checkStatus("end a page")
    }

    /// The context's one Pango layout, made on first use.
    private func textLayout() throws(CairoError) -> PangoTextLayout {
        if let layout = pangoLayout { return layout }
        let layout = try PangoTextLayout(cairo: pointer)
        pangoLayout = layout
        return layout
    }

    private func setSource(_ color: RGBAColor) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    private func append(_ path: ShapePath) {
        cairo_new_path(pointer)
        appendSubpath(path)
    }

    /// Adds `path` to the current path as subpaths, closed except for a polyline; an empty shape
    /// adds nothing.
    private func appendSubpath(_ path: ShapePath) {
        switch path {
        case .rectangle(let rect):
            guard rect.width > 0, rect.height > 0 else { return }
            cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        case .ellipse(let rect):
            guard rect.width > 0, rect.height > 0 else { return }
            cairo_save(pointer)
            cairo_translate(pointer, rect.midX, rect.midY)
            cairo_scale(pointer, rect.width / 2, rect.height / 2)
            cairo_new_sub_path(pointer)
            cairo_arc(pointer, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(pointer)
            cairo_restore(pointer)
        case .polygon(let points):
            guard let first = points.first, points.contains(where: { $0 != first }) else { return }
            appendLines(through: points)
            cairo_close_path(pointer)
        case .polyline(let points):
            appendLines(through: points)
        }
    }

    private func appendLines(through points: [Point]) {
        guard let first = points.first else { return }
        cairo_move_to(pointer, first.x, first.y)
        for point in points.dropFirst() {
            cairo_line_to(pointer, point.x, point.y)
        }
    }

    private func checkStatus(_ operation: String) throws(CairoError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .failed(operation: operation, status: describe(status))
        }
    }
}
