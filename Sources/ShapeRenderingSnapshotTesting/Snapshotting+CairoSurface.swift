import Foundation
import ShapeRendering
import ShapeTurnsSnapshotTesting
import SnapshotTesting

extension Snapshotting where Value == CairoSurface, Format == Data {
    /// A Cairo image surface as a PNG snapshot, compared as an image: every changed pixel counts
    /// and none may differ.
    public static var image: Snapshotting { image() }

    /// A Cairo image surface as a PNG snapshot (Cairo's own encoding), compared as an image. By
    /// default every changed pixel counts, as in swift-snapshot-testing's own strategies;
    /// pixelmatch's rules are `threshold: 0.1, includeAntiAliased: false`.
    ///
    /// Cairo keeps pixels premultiplied, so a translucent colour is stored as Cairo holds it
    /// (straight `(200, 100, 50)` at alpha 3 is `(170, 85, 85)`); snapshot the pixels your
    /// renderer made with `Snapshotting<RGBAImage, Data>.rgbaImage` to keep them exactly. To
    /// snapshot a `cairo_surface_t` of your own, write it as PNG bytes
    /// (`cairo_surface_write_to_png_stream`) and snapshot those with `.png`.
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
    public static func image(
        threshold: Double = 0, includeAntiAliased: Bool = true, precision: Double = 1, maxDifferentPixels: Int? = nil,
        checkerboard: Bool = true
    ) -> Snapshotting {
        Snapshotting<Data, Data>.png(
            threshold: threshold, includeAntiAliased: includeAntiAliased,
            precision: precision, maxDifferentPixels: maxDifferentPixels, checkerboard: checkerboard
        ).pullback(Self.encode)
    }

    /// A Cairo image surface as a PNG snapshot, with every option of the comparison.
    public static func image(options: PixelmatchOptions, tolerance: ComparisonTolerance) -> Snapshotting {
        Snapshotting<Data, Data>.png(options: options, tolerance: tolerance).pullback(Self.encode)
    }

    /// The surface's PNG bytes; a surface Cairo cannot encode gives empty data, which the
    /// comparison then reports as not a PNG.
    private static func encode(_ surface: CairoSurface) -> Data {
        (try? surface.pngBytes()).map { Data($0) } ?? Data()
    }
}
