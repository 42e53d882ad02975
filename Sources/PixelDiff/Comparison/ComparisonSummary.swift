/// The verdict of comparing two image files in the few lines a person reads: match or differ,
/// the counts, what was allowed, the diff image's path. `shapeturns compare` prints it, from the
/// full command and from its pair-mode front alike, so both word a verdict byte for byte the same.
package struct ComparisonSummary: Sendable, Equatable {
    /// The counts and sizes.
    package var result: ComparisonResult
    /// Whether the images match within the tolerance.
    package var match: Bool
    /// The colour threshold used, 0 to 1.
    package var threshold: Double
    /// The tolerance the verdict was taken against.
    package var tolerance: ComparisonTolerance
    /// The diff image written, if one was.
    package var diffPath: String?

    package init(
        result: ComparisonResult, match: Bool, threshold: Double, tolerance: ComparisonTolerance,
        diffPath: String?
    ) {
        self.result = result
        self.match = match
        self.threshold = threshold
        self.tolerance = tolerance
        self.diffPath = diffPath
    }

    /// The summary, without a final newline.
    package var text: String {
        guard result.sizesMatch else {
            return "differ: the sizes differ, expected \(result.expectedSize), actual \(result.actualSize)"
                + " (no diff image written)"
        }
        var text = match ? "match: " : "differ: "
        text +=
            "\(result.differentPixels) of \(result.totalPixels) pixels differ (\(Percentage.text(result.differentRatio)))"
        if result.antiAliasedPixels > 0 {
            text += ", \(result.antiAliasedPixels) anti-aliased pixels not counted"
        }
        text += "; threshold \(threshold), allowed \(allowance)"
        if let diffPath {
            text += "\ndiff image: \(diffPath)"
        }
        return text
    }

    private var allowance: String {
        switch (tolerance.maxDifferentPixels, tolerance.maxDifferentRatio) {
        case (nil, nil): "0"
        case (let pixels?, nil): "\(pixels)"
        case (nil, let ratio?): Percentage.text(ratio)
        case (let pixels?, let ratio?): "\(pixels) and \(Percentage.text(ratio))"
        }
    }
}
