import ShapeGame

/// Draws one shape into a Cairo context, the way the tutorial's `ShapeView` does: fill the
/// shape's bounds, then an outline inside them, the band between the shape's edge and the edge
/// moved inward by the line width (the picture of a stroke inset by half the line width, exact at
/// any width). The drawing stays inside the bounds and covers exactly the shape's area.
///
/// A kind's view only says what its outline is; the painting is shared.
public protocol ShapeView: Sendable {
    /// The shape this view draws.
    var shape: any Shape { get }
    /// The style it is drawn in.
    var style: ShapeStyle { get }

    /// The kind's outline fitted to `bounds`, with every edge moved `inset` inwards.
    func path(in bounds: Rect, insetBy inset: Double) -> ShapePath
}

extension ShapeView {
    /// The shape's bounds on a square canvas of side `canvasSide`: centred, with side
    /// `proportion × canvasSide`.
    package func bounds(onCanvasOfSide canvasSide: Double) -> Rect {
        Rect.shapeBounds(proportion: shape.proportion, canvasSide: canvasSide)
    }

    /// Draws the shape within `bounds`.
    ///
    /// Under an opaque outline the fill stops at the outline's middle: the picture is the same,
    /// but the shape's outer edge is anti-aliased once instead of twice, so the pixels it covers
    /// add up to its area.
    package func draw(in context: CairoContext, bounds: Rect) throws(CairoError) {
        let outlined = style.showOutline && style.lineWidth > 0
        if style.showFill {
            let hidesFillEdge = outlined && style.outlineColor.alpha >= 1
            try context.fill(path(in: bounds, insetBy: hidesFillEdge ? style.lineWidth / 2 : 0), with: style.fillColor)
        }
        if outlined {
            try context.fillBand(
                outer: path(in: bounds, insetBy: 0),
                inner: path(in: bounds, insetBy: style.lineWidth),
                with: style.outlineColor
            )
        }
    }
}
