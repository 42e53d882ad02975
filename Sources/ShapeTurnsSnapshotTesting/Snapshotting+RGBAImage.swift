import Foundation
import PixelDiff
import SnapshotTesting

extension Snapshotting where Value == RGBAImage, Format == Data {
    /// Straight (not premultiplied) RGBA pixels as a snapshot, stored losslessly: the reference
    /// is `RGBAImage.pngBytes()`, an 8-bit RGBA PNG that decodes to exactly these pixels,
    /// translucent ones included (`(200, 100, 50)` at alpha 3 stays `(200, 100, 50, 3)`).
    /// Compared as an image with every changed pixel counted and none allowed.
    public static var rgbaImage: Snapshotting { rgbaImage() }

    /// Straight RGBA pixels as a lossless PNG snapshot, compared as an image; the parameters are
    /// those of `Snapshotting<Data, Data>.png(threshold:includeAntiAliased:precision:maxDifferentPixels:)`.
    public static func rgbaImage(
        threshold: Double = 0, includeAntiAliased: Bool = true, precision: Double = 1, maxDifferentPixels: Int? = nil
    ) -> Snapshotting {
        Snapshotting<Data, Data>.png(
            threshold: threshold, includeAntiAliased: includeAntiAliased,
            precision: precision, maxDifferentPixels: maxDifferentPixels
        ).pullback(Self.encode)
    }

    /// Straight RGBA pixels as a lossless PNG snapshot, with every option of the comparison.
    public static func rgbaImage(options: PixelmatchOptions, tolerance: ComparisonTolerance) -> Snapshotting {
        Snapshotting<Data, Data>.png(options: options, tolerance: tolerance).pullback(Self.encode)
    }

    /// The image's lossless PNG; an image the encoder refuses gives empty data, which the
    /// comparison then reports as not a PNG.
    static func encode(_ image: RGBAImage) -> Data {
        (try? image.pngBytes()).map { Data($0) } ?? Data()
    }
}

extension Snapshotting where Value == [UInt32], Format == Data {
    /// A buffer of premultiplied ARGB32 pixels (Cairo's image format, `alpha << 24 | red << 16 |
    /// green << 8 | blue`, row by row) of `width` × `height` as a snapshot.
    ///
    /// Stored as a straight RGBA PNG, unpremultiplied with rounding; premultiplying that PNG again
    /// gives back every valid premultiplied pixel exactly (no channel above its alpha), so the
    /// reference holds the buffer without loss, and it opens as an ordinary image. A buffer whose
    /// count is not `width` × `height` fails the comparison as not a PNG. Compared as
    /// `Snapshotting<RGBAImage, Data>.rgbaImage` with the same parameters.
    public static func premultipliedARGB(
        width: Int, height: Int,
        threshold: Double = 0, includeAntiAliased: Bool = true, precision: Double = 1, maxDifferentPixels: Int? = nil
    ) -> Snapshotting {
        Snapshotting<RGBAImage, Data>.rgbaImage(
            threshold: threshold, includeAntiAliased: includeAntiAliased,
            precision: precision, maxDifferentPixels: maxDifferentPixels
        ).asPremultipliedARGB(width: width, height: height)
    }

    /// A premultiplied ARGB32 buffer as a snapshot, with every option of the comparison.
    public static func premultipliedARGB(
        width: Int, height: Int, options: PixelmatchOptions, tolerance: ComparisonTolerance
    ) -> Snapshotting {
        Snapshotting<RGBAImage, Data>.rgbaImage(options: options, tolerance: tolerance)
            .asPremultipliedARGB(width: width, height: height)
    }
}

extension Snapshotting where Value == RGBAImage, Format == Data {
    /// This strategy on premultiplied ARGB32 buffers of one size.
    fileprivate func asPremultipliedARGB(width: Int, height: Int) -> Snapshotting<[UInt32], Data> {
        Snapshotting<[UInt32], Data>(pathExtension: pathExtension, diffing: diffing) { pixels in
            guard let image = try? RGBAImage(premultipliedARGB: pixels, width: width, height: height) else {
                return Data()
            }
            return Self.encode(image)
        }
    }
}
