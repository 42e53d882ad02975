/// Whether the installed fonts can print a text on a sheet: the characters no font has a
/// glyph for, each of which would print as an empty box, so a command can say so before a
/// teacher prints a class's sheets.
package enum FontCoverage {
    /// How many characters of `text` no installed font has, in the font of the Name line.
    package static func missingGlyphCount(in text: String) throws(CairoError) -> Int {
        let context = try CairoContext(surface: try CairoSurface.image(width: 1, height: 1))
        return try context.missingGlyphCount(text, font: WorksheetLayout.fieldFont)
    }
}
