/// How two images are compared: the options of pixelmatch (mapbox/pixelmatch 7.2.0), with its
/// defaults, so a count here is the count pixelmatch gives. `checkerboard: false` gives the
/// counts of pixelmatch 5 and 6 exactly; `metric: .oklab` those of pixelmatch's main branch.
public struct PixelmatchOptions: Sendable, Equatable {
    /// The accepted range of `threshold` and `diffAlpha`.
    package static let unitRange = 0.0...1.0

    /// How far apart two colours may be and still match, from 0 to 1, where 1 is the distance
    /// from black to white: with `.yiq`, the largest accepted squared YIQ distance is
    /// `35215 × threshold²`; with `.oklab`, the largest accepted HyAB distance is `threshold`.
    /// 0 counts any change; pixelmatch's default, 0.1, ignores shade changes the eye barely sees.
    public var threshold: Double

    /// The colour distance (pixelmatch's releases use YIQ; its main branch OKLab).
    public var metric: ColorMetric

    /// Whether semi-transparent pixels are blended onto a checkerboard of dark and light
    /// colours before they are compared (pixelmatch 7's rule, its default), so that a
    /// half-transparent black differs from an opaque grey. `false` blends them onto white, as
    /// pixelmatch 5 and 6 did: with `.yiq` in their exact arithmetic (their counts to the bit),
    /// with `.oklab` as pixelmatch main's `checkerboard: false`. A transparent pixel then equals white.
    public var checkerboard: Bool

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

    /// The diff image's colour for differences where the actual pixel is darker than the
    /// expected one (pixelmatch's `diffColorAlt`), so what was drawn can be told from what was
    /// removed; `nil` draws them in `differenceColor` too.
    public var darkerDifferenceColor: RGBColor?

    /// Whether the diff image shows only the differences, over transparency (pixelmatch's
    /// `diffMask`): no faded image and no anti-aliasing colour, ready to lay over the original.
    public var diffMask: Bool

    /// Options with pixelmatch's defaults, each of which can be given.
    public init(
        threshold: Double = 0.1,
        includeAntiAliased: Bool = false,
        diffAlpha: Double = 0.1,
        differenceColor: RGBColor = RGBColor(red: 255, green: 0, blue: 0),
        antiAliasedColor: RGBColor = RGBColor(red: 255, green: 255, blue: 0),
        darkerDifferenceColor: RGBColor? = nil,
        diffMask: Bool = false,
        checkerboard: Bool = true,
        metric: ColorMetric = .yiq
    ) {
        self.threshold = threshold
        self.includeAntiAliased = includeAntiAliased
        self.diffAlpha = diffAlpha
        self.differenceColor = differenceColor
        self.antiAliasedColor = antiAliasedColor
        self.darkerDifferenceColor = darkerDifferenceColor
        self.diffMask = diffMask
        self.checkerboard = checkerboard
        self.metric = metric
    }

    /// Throws when `threshold` or `diffAlpha` is outside 0...1 (or not a number).
    package func validate() throws(ComparisonError) {
        guard Self.unitRange.contains(threshold) else { throw .threshold(threshold) }
        guard Self.unitRange.contains(diffAlpha) else { throw .diffAlpha(diffAlpha) }
    }
}
