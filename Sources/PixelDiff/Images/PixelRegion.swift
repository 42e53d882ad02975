/// A rectangle of whole pixels, from an image's top-left corner: a region left out of a
/// comparison (``MaskRegion``), where a shape lies in its image (an answer key's `PixelBox`), or
/// where two images differ (a report's boxes). One type for all three, so a box found in one
/// place can be handed to another as it is.
public struct PixelRegion: Sendable, Hashable, Codable, CustomStringConvertible {
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
