import Foundation
import PixelDiff
import SnapshotTesting

extension Snapshotting where Value == Data, Format == Data {
    /// PNG data (from any renderer) as a snapshot, compared as an image: every changed pixel
    /// counts and none may differ.
    public static var png: Snapshotting { png() }

    /// PNG data (from any renderer) as a snapshot compared as an image. By default every changed
    /// pixel counts, as in swift-snapshot-testing's own strategies; pixelmatch's rules are
    /// `threshold: 0.1, includeAntiAliased: false`.
    ///
    /// - Parameters:
    ///   - threshold: how far apart two colours may be and still match, 0 to 1 (pixelmatch's;
    ///     0 counts any change).
    ///   - includeAntiAliased: count pixels that look like anti-aliasing as differences too
    ///     (`false` is pixelmatch's rule, which also discounts a solid edge moved by one pixel).
    ///   - precision: the fraction of pixels that must match, 0 to 1, as in swift-snapshot-testing's
    ///     image strategies (0.999 lets 0.1% of the pixels differ).
    ///   - maxDifferentPixels: at most this many pixels may differ; with `precision` below 1, both hold.
    ///   - checkerboard: blend semi-transparent pixels onto pixelmatch 7's checkerboard (`false`:
    ///     onto white, as pixelmatch 5 and 6 did).
    public static func png(
        threshold: Double = 0, includeAntiAliased: Bool = true, precision: Double = 1, maxDifferentPixels: Int? = nil,
        checkerboard: Bool = true
    ) -> Snapshotting {
        png(
            options: PixelmatchOptions(
                threshold: threshold, includeAntiAliased: includeAntiAliased, checkerboard: checkerboard),
            tolerance: ComparisonTolerance(
                maxDifferentPixels: maxDifferentPixels,
                maxDifferentRatio: precision == 1 ? nil : 1 - precision
            )
        )
    }

    /// PNG data as a snapshot, with every option of the comparison.
    public static func png(options: PixelmatchOptions, tolerance: ComparisonTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .pngImage(options: options, tolerance: tolerance))
    }
}

extension Snapshotting where Value == [UInt8], Format == Data {
    /// PNG bytes as a snapshot, compared as an image: every changed pixel counts.
    public static var png: Snapshotting { png() }

    /// PNG bytes as a snapshot compared as an image; see `Snapshotting<Data, Data>.png`.
    public static func png(
        threshold: Double = 0, includeAntiAliased: Bool = true, precision: Double = 1, maxDifferentPixels: Int? = nil,
        checkerboard: Bool = true
    ) -> Snapshotting {
        Snapshotting<Data, Data>.png(
            threshold: threshold, includeAntiAliased: includeAntiAliased,
            precision: precision, maxDifferentPixels: maxDifferentPixels, checkerboard: checkerboard
        ).pullback { Data($0) }
    }

    /// PNG bytes as a snapshot, with every option of the comparison.
    public static func png(options: PixelmatchOptions, tolerance: ComparisonTolerance) -> Snapshotting {
        Snapshotting<Data, Data>.png(options: options, tolerance: tolerance).pullback { Data($0) }
    }
}
