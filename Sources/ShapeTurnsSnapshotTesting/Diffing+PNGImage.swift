import Foundation
import PixelDiff
import SnapshotTesting

extension Diffing where Value == Data {
    /// Compares PNG data as images with pixelmatch's semantics (ShapeTurns' `ImageComparison`),
    /// on Linux as anywhere: decoded with libpng, never byte for byte.
    ///
    /// It passes when the sizes are equal and the differing pixels are within `tolerance`. On a
    /// failure the message gives the count of differing pixels and the path of pixelmatch's diff
    /// image (differences red, anti-aliasing yellow, the rest faded grey), written under
    /// `$SNAPSHOT_ARTIFACTS` (or the temporary folder) in `ShapeTurnsSnapshotTesting/`; the diff
    /// is also attached as `difference.png` where the test runner shows attachments.
    public static func pngImage(
        options: PixelmatchOptions = PixelmatchOptions(), tolerance: ComparisonTolerance = .exact
    ) -> Diffing<Data> {
        .diff(
            toData: { $0 },
            fromData: { $0 },
            diffV2: { reference, actual in
                if reference == actual { return nil }
                do throws(SnapshotComparisonError) {
                    return try PNGSnapshotComparison(options: options, tolerance: tolerance)
                        .failure(reference: reference, actual: actual)
                } catch {
                    return (error.description, [])
                }
            }
        )
    }
}
