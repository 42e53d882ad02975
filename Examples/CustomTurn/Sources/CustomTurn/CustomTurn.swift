import Foundation
import ShapeTurns

// snippet.custom-turn
/// A turn chosen by hand: a triangle against a hexagon, in colours of your own, rendered as two
/// PNGs, with the answer the game expects.
public struct CustomTurn {
    /// The turn: shape A a triangle whose side is 70% of the canvas, shape B a hexagon 60% wide.
    public let turn = Turn(
        number: 1,
        shapeA: TriangleShape(proportion: 0.7),
        shapeB: HexagonShape(proportion: 0.6)
    )

    public init() {}

    /// Renders both shapes on `side`-pixel canvases: PNG bytes for A and for B.
    public func renderPNGs(side: Int = 256) throws -> (a: [UInt8], b: [UInt8]) {
        let style = ShapeStyle(
            fillColor: try RGBAColor(parsing: "steelblue"),
            outlineColor: try RGBAColor(parsing: "#1B2A41"),
            lineWidth: 4
        )
        let builder = ShapeViewBuilder(style: style)
        let renderer = ShapeImageRenderer(canvasSide: side, background: try CanvasBackground(parsing: "white"))
        let a = try renderer.render(try builder.buildView(for: turn.shapeA), as: .png)
        let b = try renderer.render(try builder.buildView(for: turn.shapeB), as: .png)
        return (a, b)
    }
}
// snippet.end
