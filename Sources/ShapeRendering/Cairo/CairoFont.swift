/// A font for Cairo's toy text API: a fontconfig family name, a weight and a size in user units.
///
/// ShapeTurns draws its few words of text (titles, numbers, labels) with the toy API and
/// DejaVu Sans rather than Pango: it needs no library beyond Cairo, and DejaVu Sans is on every
/// Debian machine (fonts-dejavu-core, which `scripts/bootstrap` installs when it is missing).
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
