/// How much room a run of text takes, as `cairo_text_extents` reports it, in user units
/// relative to the text's origin on its baseline.
package struct TextExtents: Sendable, Equatable {
    /// From the origin to the left edge of the ink.
    package var xBearing: Double
    /// From the baseline to the top of the ink; negative for ink above the baseline.
    package var yBearing: Double
    /// The ink's width.
    package var width: Double
    /// The ink's height.
    package var height: Double
    /// How far the origin moves after the text: the width to use when placing text.
    package var xAdvance: Double

    package init(xBearing: Double, yBearing: Double, width: Double, height: Double, xAdvance: Double) {
        self.xBearing = xBearing
        self.yBearing = yBearing
        self.width = width
        self.height = height
        self.xAdvance = xAdvance
    }
}
