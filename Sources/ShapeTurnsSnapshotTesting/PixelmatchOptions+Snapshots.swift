import PixelDiff

extension PixelmatchOptions {
    /// Every changed pixel counts: threshold 0 and anti-aliased pixels included, as
    /// swift-snapshot-testing's own image strategies count. The snapshot strategies' default,
    /// because pixelmatch's anti-aliasing rule discounts a solid edge moved by one pixel, so a
    /// real change would show as a few corner pixels that any tolerance lets pass.
    public static let everyChangedPixel = PixelmatchOptions(threshold: 0, includeAntiAliased: true)
}
