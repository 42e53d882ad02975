// The strategies take `PixelmatchOptions` and `ComparisonTolerance`, and a renderer's pixels
// become PNG bytes through `RGBAImage`, so the image library comes with this one.
@_exported import PixelDiff
