/// Pages that can be drawn one at a time into a Cairo context whose user unit is the point: a
/// worksheet, a class's answer keys, or a blank page, so one PDF can hold them one after another.
package protocol PrintablePages: Sendable {
    /// How many pages there are.
    var pageCount: Int { get }
    /// Draws page `index` (0-based), white paper included.
    func draw(page index: Int, in context: CairoContext) throws(ShapeRenderingError)
}
