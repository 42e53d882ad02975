/// What a comparison found: how many pixels differ, out of how many, and the diff image.
public struct ComparisonResult: Sendable, Equatable {
    /// The size of the expected (first) image.
    public let expectedSize: ImageSize
    /// The size of the actual (second) image.
    public let actualSize: ImageSize
    /// Pixels whose colours differ by more than the threshold and are not anti-aliasing
    /// (pixelmatch's return value). When the sizes differ, every pixel of the larger bounds counts.
    public let differentPixels: Int
    /// Pixels above the threshold that were taken for anti-aliasing and not counted
    /// (always 0 with `includeAntiAliased`).
    public let antiAliasedPixels: Int
    /// Pixels compared: `width × height`, or when the sizes differ, the area of both images'
    /// bounds (the larger width by the larger height).
    public let totalPixels: Int
    /// pixelmatch's diff image when asked for and the sizes match: differences in the difference
    /// colour (red), anti-aliasing in yellow, the rest the expected image as faded grey.
    public let diffImage: RGBAImage?
    /// The indices (x + width × y) of the first counted differing pixels in row order, at most
    /// three, so a failure can say where to look; empty when the sizes differ.
    package let firstDifferentPixels: [Int]

    package init(
        expectedSize: ImageSize, actualSize: ImageSize, differentPixels: Int,
        antiAliasedPixels: Int, totalPixels: Int, diffImage: RGBAImage?, firstDifferentPixels: [Int] = []
    ) {
        self.expectedSize = expectedSize
        self.actualSize = actualSize
        self.differentPixels = differentPixels
        self.antiAliasedPixels = antiAliasedPixels
        self.totalPixels = totalPixels
        self.diffImage = diffImage
        self.firstDifferentPixels = firstDifferentPixels
    }

    /// `firstDifferentPixels` as "(x, y)", for messages.
    package var firstDifferenceCoordinates: [String] {
        firstDifferentPixels.map { index in
            let (y, x) = index.quotientAndRemainder(dividingBy: max(expectedSize.width, 1))
            return "(\(x), \(y))"
        }
    }

    /// The result for images whose sizes differ: not comparable pixel by pixel, so all differ.
    package static func sizeMismatch(expected: ImageSize, actual: ImageSize) -> ComparisonResult {
        let bounds = max(expected.width, actual.width) * max(expected.height, actual.height)
        return ComparisonResult(
            expectedSize: expected, actualSize: actual, differentPixels: bounds,
            antiAliasedPixels: 0, totalPixels: bounds, diffImage: nil
        )
    }

    /// Whether both images have the same width and height.
    public var sizesMatch: Bool { expectedSize == actualSize }

    /// `differentPixels ÷ totalPixels`, 0 for empty images.
    public var differentRatio: Double {
        totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels)
    }
}
