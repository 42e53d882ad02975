/// How two images are compared: the options of pixelmatch (mapbox/pixelmatch v5), with its
/// defaults, so a count here is the count pixelmatch gives.
public struct PixelmatchOptions: Sendable, Equatable {
    /// The accepted range of `threshold` and `diffAlpha`.
    public static let unitRange = 0.0...1.0

    /// How far apart two colours may be and still match, from 0 to 1: the largest accepted
    /// squared YIQ distance is `35215 × threshold²` (35215 is the distance from black to white).
    /// 0 counts any change; pixelmatch's default, 0.1, ignores shade changes the eye barely sees.
    public var threshold: Double

    /// Whether pixels that look like anti-aliasing count as differences (pixelmatch's `includeAA`).
    /// By default they are detected, drawn in `antiAliasedColor` and not counted, because
    /// anti-aliasing moves between renderer versions while the drawing stays the same.
    public var includeAntiAliased: Bool

    /// The opacity of the expected image in the diff's faded grey background (pixelmatch's `alpha`).
    public var diffAlpha: Double

    /// The diff image's colour for pixels that differ (pixelmatch's `diffColor`, red).
    public var differenceColor: RGBColor

    /// The diff image's colour for anti-aliased pixels that are not counted (`aaColor`, yellow).
    public var antiAliasedColor: RGBColor

    /// Regions left out of the comparison (none by default); see `MaskRegion`.
    public var masks: [MaskRegion] = []

    /// The diff image's colour for masked pixels (magenta, as Playwright paints its masks).
    public var maskColor = RGBColor(red: 255, green: 0, blue: 255)

    /// Options with pixelmatch's defaults, each of which can be given.
    public init(
        threshold: Double = 0.1,
        includeAntiAliased: Bool = false,
        diffAlpha: Double = 0.1,
        differenceColor: RGBColor = RGBColor(red: 255, green: 0, blue: 0),
        antiAliasedColor: RGBColor = RGBColor(red: 255, green: 255, blue: 0)
    ) {
        self.threshold = threshold
        self.includeAntiAliased = includeAntiAliased
        self.diffAlpha = diffAlpha
        self.differenceColor = differenceColor
        self.antiAliasedColor = antiAliasedColor
    }

    /// Throws when `threshold` or `diffAlpha` is outside 0...1 (or not a number), or a mask
    /// is empty or starts at a negative position.
    public func validate() throws(ComparisonError) {
        guard Self.unitRange.contains(threshold) else { throw .threshold(threshold) }
        guard Self.unitRange.contains(diffAlpha) else { throw .diffAlpha(diffAlpha) }
        for mask in masks {
            try mask.validate()
        }
    }
}
