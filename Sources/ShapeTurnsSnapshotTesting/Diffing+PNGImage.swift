import Foundation
import PixelDiff
import SnapshotTesting

extension Diffing where Value == Data {
    /// Compares PNG data as images with pixelmatch's semantics (ShapeTurns' `ImageComparison`),
    /// on Linux as anywhere: decoded with libpng, never byte for byte.
    ///
    /// By default every changed pixel counts (`PixelmatchOptions.everyChangedPixel`: threshold 0,
    /// anti-aliased pixels included), as swift-snapshot-testing's own strategies do; pass
    /// `PixelmatchOptions()` for pixelmatch's rules. It passes when the sizes are equal and the
    /// differing pixels are within `tolerance`; options and tolerance out of range fail every
    /// comparison, identical images included. On a failure the message gives the count of
    /// differing pixels and the path of pixelmatch's diff image (differences red, anti-aliasing
    /// yellow, the rest faded grey), written beside the failed image that swift-snapshot-testing
    /// writes under `$SNAPSHOT_ARTIFACTS` (or the temporary folder) and named after the test:
    /// `FILE/TEST.NAME.diff.png` beside `FILE/TEST.NAME.png` (see `DiffArtifact` for the rule).
    /// The reference, the failed snapshot and the diff are also copied to
    /// `ShapeTurnsSnapshotTesting/expected`, `actual` and `diff` there, so that
    /// `shapeturns compare …/expected …/actual --report DIR` makes a report of a failed run;
    /// the diff is also attached as `difference.png` where the test runner shows attachments.
    /// Under XCTest the names come from the reference found under `Tests/`; a snapshot that
    /// passes removes what an earlier failure of it left there.
    public static func pngImage(
        options: PixelmatchOptions = .everyChangedPixel, tolerance: ComparisonTolerance = .exact
    ) -> Diffing<Data> {
        .diff(
            toData: { $0 },
            fromData: { $0 },
            diffV2: { reference, actual in
                do throws(SnapshotComparisonError) {
                    let comparison = try PNGSnapshotComparison(options: options, tolerance: tolerance)
                    if reference == actual {
                        DiffArtifact.clearStale(reference: reference)
                        return nil
                    }
                    return try comparison.failure(reference: reference, actual: actual)
                } catch {
                    return (error.description, [])
                }
            }
        )
    }
}
