import ShapeGame

/// What a worksheet shows: its title, its turns, and how the shapes are painted.
package struct WorksheetContent: Sendable {
    /// The default title: the game's name.
    package static let defaultTitle = "Tap the Larger Shape"
    /// The line under the header that tells the player what to do.
    package static let instruction = "Tick the box under the larger shape of each pair."

    package var title: String
    /// Printed at the left of every page's footer: the sheet code and seed, so a sheet can be
    /// told apart from another version and made again.
    package var footerNote: String
    /// The sheet code (`K7QX-M2PD`) the page codes at the foot of every page carry, with the
    /// corner tags a scanner finds the page by; empty for a page without them.
    package var sheetCode: String
    /// Printed on the Name line and in the answer key's heading; empty for a blank line.
    package var studentName: String
    /// The worksheet's turns in order; turn `n` is `turns[n - 1]`.
    package var turns: [Turn]
    /// How the shapes are painted (the same style `generate` uses).
    package var style: ShapeStyle
    /// Painted on every shape canvas when it is a colour.
    package var background: CanvasBackground
    /// The side of the canvas the style's line width is measured on (`generate`'s `--size`).
    /// Each canvas on the page is this canvas scaled down to `WorksheetLayout.canvasSide`,
    /// line width included, so a cell shows exactly the images `generate` makes, shrunk.
    package var referenceCanvasSide: Double

    package init(
        title: String = Self.defaultTitle,
        footerNote: String = "",
        sheetCode: String = "",
        studentName: String = "",
        turns: [Turn],
        style: ShapeStyle = ShapeStyle(),
        background: CanvasBackground = .transparent,
        referenceCanvasSide: Double = 512
    ) {
        self.title = title
        self.footerNote = footerNote
        self.sheetCode = sheetCode
        self.studentName = studentName
        self.turns = turns
        self.style = style
        self.background = background
        self.referenceCanvasSide = referenceCanvasSide
    }

    /// The answer-key entry of turn `number`: `12: B`.
    package func answerEntry(forTurn number: Int) -> String? {
        guard turns.indices.contains(number - 1) else { return nil }
        return "\(number): \(turns[number - 1].larger.rawValue.uppercased())"
    }
}
