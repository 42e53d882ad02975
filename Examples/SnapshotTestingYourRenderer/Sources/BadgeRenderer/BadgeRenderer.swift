/// Draws a round badge with a bar across it: a stand-in for a renderer of your own.
///
/// It knows nothing of ShapeTurns or Cairo. It returns straight 8-bit RGBA pixels, row by row,
/// one `UInt32` a pixel packed as `red | green << 8 | blue << 16 | alpha << 24`.
public struct BadgeRenderer: Sendable {
    /// The badge's colour, as 8-bit red, green and blue.
    public var color: (red: UInt8, green: UInt8, blue: UInt8)
    /// The bar's height as a fraction of the side.
    public var barHeight: Double

    /// A badge renderer; the defaults are a blue badge with a bar a fifth of its side high.
    public init(color: (red: UInt8, green: UInt8, blue: UInt8) = (30, 144, 255), barHeight: Double = 0.2) {
        self.color = color
        self.barHeight = barHeight
    }

    /// Renders a `side` × `side` badge: a disc with anti-aliased edges on transparent pixels, and
    /// a white bar across its middle.
    public func render(side: Int) -> [UInt32] {
        let radius = Double(side) / 2
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - radius
                let dy = Double(y) + 0.5 - radius
                let distance = (dx * dx + dy * dy).squareRoot()
                let coverage = min(1, max(0, radius - distance))
                guard coverage > 0 else { continue }
                let inBar = abs(dy) < barHeight * Double(side) / 2
                let (red, green, blue) = inBar ? (UInt8(255), UInt8(255), UInt8(255)) : color
                let alpha = UInt32((coverage * 255).rounded())
                pixels[y * side + x] = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | alpha << 24
            }
        }
        return pixels
    }
}
