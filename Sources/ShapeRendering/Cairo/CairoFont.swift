/// A font for text on a Cairo context: a fontconfig family name, a weight and a size in user units.
///
/// Text is set through Pango (`PangoTextLayout`) in DejaVu Sans (fonts-dejavu-core), which has
/// Latin, Greek, Cyrillic, Arabic and Hebrew; a character it lacks (Chinese, Japanese, Korean,
/// Devanagari) comes from another installed font by fontconfig's fallback. `scripts/bootstrap`
/// installs DejaVu Sans and small fonts for those scripts when they are missing.
package struct CairoFont: Sendable, Equatable {
    /// How heavy the strokes are.
    package enum Weight: Sendable, Equatable {
        case normal
        case bold
    }

    /// The family every ShapeTurns page is set in.
    package static let defaultFamily = "DejaVu Sans"

    package var family: String
    package var weight: Weight
    /// The em size in user units (points on a page).
    package var size: Double

    package init(family: String = Self.defaultFamily, weight: Weight = .normal, size: Double) {
        self.family = family
        self.weight = weight
        self.size = size
    }

    /// The same font at another size.
    package func sized(_ size: Double) -> CairoFont {
        CairoFont(family: family, weight: weight, size: size)
    }
}
