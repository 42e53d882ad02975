import CCairo

/// A Cairo drawing context on a `CairoSurface`, speaking in ShapeTurns' geometry and colours.
public final class CairoContext {
    public let surface: CairoSurface
    private let pointer: OpaquePointer

    public init(surface: CairoSurface) throws(CairoError) {
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
    public func paint(_ color: RGBAColor) throws(CairoError) {
        setSource(color)
        cairo_paint(pointer)
        try checkStatus("paint the background")
    }

    /// Fills the inside of `path` with `color`.
    public func fill(_ path: ShapePath, with color: RGBAColor) throws(CairoError) {
        setSource(color)
        append(path)
        cairo_fill(pointer)
        try checkStatus("fill a shape")
    }

    /// Fills the band between `outer` and `inner` (which lies inside it) with `color`: an
    /// outline of exactly the band's width, whatever the width, with no stroker involved.
    public func fillBand(outer: ShapePath, inner: ShapePath, with color: RGBAColor) throws(CairoError) {
        setSource(color)
        cairo_new_path(pointer)
        appendSubpath(outer)
        appendSubpath(inner)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(pointer)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
        try checkStatus("fill a shape's outline")
    }

    private func setSource(_ color: RGBAColor) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    private func append(_ path: ShapePath) {
        cairo_new_path(pointer)
        appendSubpath(path)
    }

    /// Adds `path` to the current path as closed subpaths; an empty shape adds nothing.
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
            cairo_move_to(pointer, first.x, first.y)
            for point in points.dropFirst() {
                cairo_line_to(pointer, point.x, point.y)
            }
            cairo_close_path(pointer)
        }
    }

    private func checkStatus(_ operation: String) throws(CairoError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .failed(operation: operation, status: describe(status))
        }
    }
}
