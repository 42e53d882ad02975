import CPangoText

/// The one wrapper of Pango: a line of text set on a Cairo context with fontconfig's font
/// fallback, HarfBuzz's shaping and the bidi algorithm, so a name in Chinese, Arabic or
/// Devanagari prints as its own glyphs, right-to-left runs in order, where Cairo's toy text API
/// (one font, no fallback) prints empty boxes.
///
/// `CairoContext` keeps one and sets every run of text through it. The settings are fixed so a
/// page comes out the same whatever the machine's locale and fontconfig preferences say: grey
/// antialiasing, no hinting, unhinted metrics and unrounded glyph positions (the same layout on
/// an image as in a PDF), a left-to-right paragraph (an RTL name is an RTL run inside the
/// page's English), and a language chosen from the text (`TextLanguage`), which decides the
/// font Han characters fall back to. Pango is called through `CPangoText`, a header that
/// names no glib type, so glib's structs reach no Swift module.
final class PangoTextLayout {
    private let text: OpaquePointer

    init(cairo: OpaquePointer) throws(CairoError) {
        guard let text = shapeturns_text_create(cairo) else {
            throw .failed(operation: "create a Pango layout", status: "no layout returned")
        }
        self.text = text
    }

    deinit {
        shapeturns_text_destroy(text)
    }

    /// Sets `string` in `font`; with `ellipsizedWidth`, text wider than that is cut at its
    /// logical end with an ellipsis. Follows `cairo`'s current transformation.
    func set(_ string: String, font: CairoFont, ellipsizedWidth: Double?, on cairo: OpaquePointer) {
        shapeturns_text_set(
            text, cairo, string, TextLanguage.tag(for: string), font.family, font.weight == .bold ? 1 : 0, font.size,
            ellipsizedWidth ?? 0)
    }

    /// The room the text set last takes, relative to its origin on the baseline.
    var extents: TextExtents {
        let extents = shapeturns_text_get_extents(text)
        return TextExtents(
            xBearing: extents.ink_x,
            yBearing: extents.ink_y - extents.baseline,
            width: extents.ink_width,
            height: extents.ink_height,
            xAdvance: extents.logical_width
        )
    }

    /// How many characters of the text set last no installed font has: each would print as an
    /// empty box.
    var missingGlyphCount: Int {
        Int(shapeturns_text_missing_glyphs(text))
    }

    /// Draws the text set last with the left end of its baseline at `baseline`, in `cairo`'s
    /// current source.
    func show(at baseline: Point, on cairo: OpaquePointer) {
        shapeturns_text_show(text, cairo, baseline.x, baseline.y)
    }
}
