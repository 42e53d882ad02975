/// What a balanced set measures of a distorted shape besides its area, as its answer key will
/// record it: its box's sides (in pixels, rounded out as the key rounds them) and its outline.
package struct ShapeMeasures: Sendable {
    package let boxWidth: Double
    package let boxHeight: Double
    /// The outline's length as a fraction of the canvas side.
    package let perimeter: Double
    /// Whether the shape fits its square (at every angle, when shapes are turned).
    package let fits: Bool

    package init(boxWidth: Double, boxHeight: Double, perimeter: Double, fits: Bool) {
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        self.perimeter = perimeter
        self.fits = fits
    }
}

/// Measures `base` stretched by `stretch` and slanted by `shear` (see `DistortedShape`).
package typealias ShapeMeasurer = @Sendable (_ base: any Shape, _ stretch: Double, _ shear: Double) -> ShapeMeasures
