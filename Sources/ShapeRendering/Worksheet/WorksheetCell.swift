import ShapeGame

/// Where one numbered turn goes on its page: the cell's frame, its number, and for each shape
/// a square canvas and the row under it with the tick box and the label.
///
/// Every cell of a worksheet has canvases of the same side, so shapes in different cells and on
/// different pages are drawn at one scale.
package struct WorksheetCell: Sendable, Equatable {
    package let number: Int
    package let frame: Rect
    /// The left end of the number's baseline, in the cell's top-left corner.
    package let numberBaseline: Point
    package let canvasA: Rect
    package let canvasB: Rect
    package let labelRowA: Rect
    package let labelRowB: Rect

    package init(
        number: Int, frame: Rect, numberBaseline: Point, canvasA: Rect, canvasB: Rect, labelRowA: Rect, labelRowB: Rect
    ) {
        self.number = number
        self.frame = frame
        self.numberBaseline = numberBaseline
        self.canvasA = canvasA
        self.canvasB = canvasB
        self.labelRowA = labelRowA
        self.labelRowB = labelRowB
    }

    /// The square canvas of shape `label`: `a` on the left, `b` on the right.
    package func canvas(_ label: ShapeLabel) -> Rect {
        label == .a ? canvasA : canvasB
    }

    /// The row under the canvas of shape `label`, where its tick box and letter are centred.
    package func labelRow(_ label: ShapeLabel) -> Rect {
        label == .a ? labelRowA : labelRowB
    }
}
