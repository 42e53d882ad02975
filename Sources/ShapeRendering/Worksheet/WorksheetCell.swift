import ShapeGame

/// Where one numbered turn goes on its page: the cell's frame, its number, and for each shape
/// a square canvas and the row under it with the tick box and the label.
///
/// Every cell of a worksheet has canvases of the same side, so shapes in different cells and on
/// different pages are drawn at one scale.
public struct WorksheetCell: Sendable, Equatable {
    public let number: Int
    public let frame: Rect
    /// The left end of the number's baseline, in the cell's top-left corner.
    public let numberBaseline: Point
    public let canvasA: Rect
    public let canvasB: Rect
    public let labelRowA: Rect
    public let labelRowB: Rect

    public init(number: Int, frame: Rect, numberBaseline: Point, canvasA: Rect, canvasB: Rect, labelRowA: Rect, labelRowB: Rect) {
        self.number = number
        self.frame = frame
        self.numberBaseline = numberBaseline
        self.canvasA = canvasA
        self.canvasB = canvasB
        self.labelRowA = labelRowA
        self.labelRowB = labelRowB
    }

    /// The square canvas of shape `label`: `a` on the left, `b` on the right.
    public func canvas(_ label: ShapeLabel) -> Rect {
        label == .a ? canvasA : canvasB
    }

    /// The row under the canvas of shape `label`, where its tick box and letter are centred.
    public func labelRow(_ label: ShapeLabel) -> Rect {
        label == .a ? labelRowA : labelRowB
    }
}
