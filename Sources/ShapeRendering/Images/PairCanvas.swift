/// The geometry of a game-screen image: both shapes of a turn side by side, as the game shows
/// them. Each shape keeps its own square of side `side` (so its area facts are those of a
/// separate image), A's on the left and B's on the right, with `padding` around both and a gap
/// of `2 × padding` between them; with labels, a band under the squares holds "A" and "B".
/// All in whole pixels, so a shape's box in the pair image is its box on its square, shifted.
package struct PairCanvas: Sendable, Equatable {
    /// The side of each shape's square, in pixels (`--size`).
    package let side: Int
    /// Whether a band under the squares holds the labels.
    package let labels: Bool

    /// The layout of a pair image with squares of side `side`, with or without labels.
    package init(side: Int, labels: Bool) {
        self.side = side
        self.labels = labels
    }

    /// The margin around the squares: a sixteenth of a square, at least 4 pixels.
    package var padding: Int { max(4, side / 16) }
    /// The space between the two squares.
    package var gap: Int { 2 * padding }
    /// The height of the band under the squares that holds the labels (0 without labels).
    package var labelBand: Int { labels ? max(14, side / 6) : 0 }
    /// The image's width in pixels.
    package var width: Int { 2 * side + gap + 2 * padding }
    /// The image's height in pixels.
    package var height: Int { side + 2 * padding + labelBand }

    /// The top-left corner of the square of the shape at `index` (0 for A, 1 for B).
    package func squareOrigin(_ index: Int) -> (x: Int, y: Int) {
        (padding + index * (side + gap), padding)
    }

    /// The box the label of the shape at `index` is centred in.
    package func labelBox(_ index: Int) -> Rect {
        let origin = squareOrigin(index)
        return Rect(
            x: Double(origin.x), y: Double(origin.y + side), width: Double(side), height: Double(labelBand + padding))
    }

    /// The largest square side whose pair image fits within `CairoSurface.maximumSide`.
    package static func largestSide(labels: Bool) -> Int {
        var side = CairoSurface.maximumSide / 2
        while side > 1, PairCanvas(side: side, labels: labels).width > CairoSurface.maximumSide {
            side -= 1
        }
        return side
    }
}
