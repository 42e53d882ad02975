import PixelDiff
import ShapeTurnsCore

/// The outcome of `shapeturns compare`: the counts, the verdict against the tolerance, and where
/// the diff image went. Encoded as the `--json` document; `summary` is the human form.
public struct ComparisonReport: Sendable, Equatable, Encodable {
    /// One of the two images compared.
    package struct Image: Sendable, Equatable, Encodable {
        /// The file's path, as given.
        package let path: String
        /// Width in pixels.
        package let width: Int
        /// Height in pixels.
        package let height: Int
    }

    /// Whether the images match within the tolerance (sizes must be equal).
    public let match: Bool
    /// Pixels that differ (pixelmatch's count); with different sizes, `totalPixels`.
    public let differentPixels: Int
    /// Pixels compared; with different sizes, the larger width times the larger height.
    public let totalPixels: Int
    /// `differentPixels ÷ totalPixels`.
    public let differentRatio: Double
    /// Pixels above the threshold taken for anti-aliasing and not counted.
    package let antiAliasedPixels: Int
    /// Whether both images have the same size.
    public let sizesMatch: Bool
    /// The expected image.
    package let expected: Image
    /// The actual image.
    package let actual: Image
    /// The colour threshold used, 0 to 1.
    package let threshold: Double
    /// Whether anti-aliased pixels were counted.
    package let includeAA: Bool
    /// The colour distance, `yiq` or `oklab`.
    package let metric: String
    /// Whether semi-transparent pixels were blended onto pixelmatch 7's checkerboard (else white).
    package let checkerboard: Bool
    /// The tolerance given, absent when not set.
    package let maxDiffPixels: Int?
    /// The largest fraction of differing pixels allowed, when one was given.
    package let maxDiffRatio: Double?
    /// The diff image written, absent when none was asked for or the sizes differ.
    package let diff: String?

    package init(
        result: ComparisonResult, expectedPath: String, actualPath: String,
        options: PixelmatchOptions, tolerance: ComparisonTolerance, diffPath: String?
    ) {
        match = tolerance.accepts(result)
        differentPixels = result.differentPixels
        totalPixels = result.totalPixels
        differentRatio = result.differentRatio
        antiAliasedPixels = result.antiAliasedPixels
        sizesMatch = result.sizesMatch
        expected = Image(path: expectedPath, width: result.expectedSize.width, height: result.expectedSize.height)
        actual = Image(path: actualPath, width: result.actualSize.width, height: result.actualSize.height)
        threshold = options.threshold
        includeAA = options.includeAntiAliased
        metric = options.metric.rawValue
        checkerboard = options.checkerboard
        maxDiffPixels = tolerance.maxDifferentPixels
        maxDiffRatio = tolerance.maxDifferentRatio
        diff = diffPath
    }

    /// The verdict in a few lines for a person: match or differ, the counts, the diff's path.
    public var summary: String {
        let result = ComparisonResult(
            expectedSize: ImageSize(width: expected.width, height: expected.height),
            actualSize: ImageSize(width: actual.width, height: actual.height),
            differentPixels: differentPixels, antiAliasedPixels: antiAliasedPixels, totalPixels: totalPixels,
            diffImage: nil)
        return ComparisonSummary(
            result: result, match: match, threshold: threshold,
            tolerance: ComparisonTolerance(maxDifferentPixels: maxDiffPixels, maxDifferentRatio: maxDiffRatio),
            diffPath: diff
        ).text
    }
}
