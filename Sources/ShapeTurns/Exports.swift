// `import ShapeTurns` brings every room of the house: the game's model (`Turn`, `ShapeKind`, …),
// the renderer and the image library (`ShapeStyle`, `RGBAImage`, …), the core's errors and
// output policy, sets (`SetGenerator`, `GenerateOptions`) and their audit (`ShortcutAudit`), the classroom (`WorksheetGenerator`,
// `ResponseScorer`) and image comparison (`ImageFileComparer`, `FolderComparer`).
@_exported import ShapeGame
@_exported import ShapeRendering
@_exported import ShapeTurnsAnswerKey
@_exported import ShapeTurnsAudit
@_exported import ShapeTurnsClassroom
@_exported import ShapeTurnsCompare
@_exported import ShapeTurnsCore
@_exported import ShapeTurnsSets
