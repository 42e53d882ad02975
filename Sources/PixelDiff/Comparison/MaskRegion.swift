/// A rectangle of an image left out of a comparison, like Playwright's `mask` and odiff's ignore
/// regions: for content that changes on every run (a clock, a random seed printed in a corner).
///
/// Masked pixels are never counted as differing or as anti-aliasing, and the diff image draws
/// them in `PixelmatchOptions.maskColor`. Their colours still take part as neighbours in the
/// anti-aliasing test of the pixels around them, so a mask changes nothing outside itself.
/// A region may reach past the image's edges; only its part inside the image counts.
public typealias MaskRegion = PixelRegion
