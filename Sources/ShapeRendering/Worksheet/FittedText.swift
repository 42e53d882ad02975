/// A line of text that must stay in its room on a page: a title, a student's name, a note or a
/// heading with a name in it, whatever its script and length.
///
/// It is drawn at its font's size when its measured width fits `width`, made smaller when it
/// does not (down to `minimumScale` of that size, so it stays legible), and at that size cut
/// at its end with an ellipsis when even that is too wide. Its ink is clipped to its line box
/// (`clip`), so a pile of combining marks cannot reach a tick box, a corner tag or the page code.
package struct FittedText: Sendable, Equatable {
    /// The smallest a line is made before it is cut: 60 % of its font's size.
    package static let minimumScale = 0.6
    /// The line box's reach above and below the baseline, in ems of the font: room for
    /// accented capitals and Devanagari's vowel signs above, and its descending signs below.
    package static let ascent = 1.25
    package static let descent = 0.6

    package let text: String
    package let font: CairoFont
    /// The left end of the baseline.
    package let origin: Point
    /// The room the text has, from `origin` to the right.
    package let width: Double

    package init(_ text: String, font: CairoFont, at origin: Point, width: Double) {
        self.text = text
        self.font = font
        self.origin = origin
        self.width = width
    }

    /// What nothing of the line is drawn outside: its width (and a point either side for a
    /// glyph's overhang) by its line box.
    package var clip: Rect {
        Rect(
            x: origin.x - 1, y: origin.y - Self.ascent * font.size, width: max(0, width) + 2,
            height: (Self.ascent + Self.descent) * font.size)
    }

    /// The font the line is drawn in, and whether it is cut with an ellipsis.
    package func fitting(in context: CairoContext) throws(CairoError) -> (font: CairoFont, ellipsized: Bool) {
        let natural = try context.measure(text, font: font).xAdvance
        guard natural > width else { return (font, false) }
        let scale = width / natural
        guard scale < Self.minimumScale else { return (font.sized(font.size * scale), false) }
        return (font.sized(font.size * Self.minimumScale), true)
    }

    /// Draws the line in `color`.
    package func draw(in context: CairoContext, color: RGBAColor) throws(CairoError) {
        guard width > 0, !text.isEmpty else { return }
        let fitted = try fitting(in: context)
        try context.withClip(to: clip) { () throws(CairoError) in
            try context.show(
                text, font: fitted.font, color: color, at: origin, ellipsizedWidth: fitted.ellipsized ? width : nil)
        }
    }
}
