/// A rectangle of an image left out of a comparison, like Playwright's `mask` and odiff's ignore
/// regions: for content that changes on every run (a clock, a random seed printed in a corner).
///
/// Masked pixels are never counted as differing or as anti-aliasing, and the diff image draws
/// them in `PixelmatchOptions.maskColor`. Their colours still take part as neighbours in the
/// anti-aliasing test of the pixels around them, so a mask changes nothing outside itself.
/// A region may reach past the image's edges; only its part inside the image counts.
public struct MaskRegion: Sendable, Hashable, CustomStringConvertible {
    /// The left edge, in pixels from the image's left, 0 or more.
    public var x: Int
    /// The top edge, in pixels from the image's top, 0 or more.
    public var y: Int
    /// The width in pixels, 1 or more.
    public var width: Int
    /// The height in pixels, 1 or more.
    public var height: Int

    /// A region from its top-left corner and size in pixels. `ImageComparison(options:)` checks
    /// it: a negative origin or an empty region fails there with `ComparisonError.mask`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Parses `x,y,w,h` (the command line's form); `nil` when it is not four integers.
    package init?(_ text: String) {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.filter { $0 != " " }) }
        guard fields.count == 4, let x = fields[0], let y = fields[1], let width = fields[2], let height = fields[3]
        else {
            return nil
        }
        self.init(x: x, y: y, width: width, height: height)
    }

    /// `x,y,w,h`.
    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// Throws when the origin is negative or the region is empty.
    package func validate() throws(ComparisonError) {
        guard x >= 0, y >= 0, width >= 1, height >= 1 else { throw .mask(self) }
    }

    /// The columns this region covers on row `row` of an image `imageWidth` wide, clipped to
    /// the image; `nil` when it does not cover that row.
    func columns(onRow row: Int, imageWidth: Int) -> Range<Int>? {
        guard row >= y, row - y < height, x < imageWidth else { return nil }
        return x..<(x + min(width, imageWidth - x))
    }
}
