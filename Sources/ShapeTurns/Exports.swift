// ShapeTurns' API takes and returns the game's model (`Turn`, `ShapeKind`, `Difficulty`, …), the
// renderer's styles and catalog (`ShapeStyle`, `RGBAColor`, `ShapeCatalog`, …) and the image
// library's types (`RGBAImage`, `ComparisonResult`, …), so `import ShapeTurns` brings them all.
@_exported import ShapeGame
@_exported import ShapeRendering
