// ShapeRendering's API hands out and takes `RGBAImage`s and comparison results, so a user who
// imports ShapeRendering gets the image library with it.
@_exported import PixelDiff
