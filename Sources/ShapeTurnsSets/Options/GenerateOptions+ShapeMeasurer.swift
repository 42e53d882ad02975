import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey

extension GenerateOptions {
    /// A distorted shape's box and outline as its answer key records them, centred, and whether
    /// it fits its square (at every angle with `--rotation random`).
    func shapeMeasurer(catalog: ShapeCatalog) -> ShapeMeasurer {
        let factory = ShapeViewFactory(catalog: catalog)
        let (style, side, turns) = (self.style, Double(size), rotation == .random)
        return { base, stretch, shear in
            guard let view = try? factory.makeView(for: base, style: style) else {
                return ShapeMeasures(boxWidth: 0, boxHeight: 0, perimeter: 0, fits: false)
            }
            let extent = base.proportion * side
            let half = ShapePose.halfExtents(of: view, extent: extent, angle: 0, stretch: stretch, shear: shear)
            let box = PixelBox(
                enclosing: Rect(x: side / 2 - half.x, y: side / 2 - half.y, width: 2 * half.x, height: 2 * half.y))
            var widest = max(half.x, half.y)
            if turns {
                for step in 0..<90 {
                    let turned = ShapePose.halfExtents(
                        of: view, extent: extent, angle: Double(step) * Double.pi / 90, stretch: stretch, shear: shear)
                    widest = max(widest, turned.x, turned.y)
                }
            }
            return ShapeMeasures(
                boxWidth: Double(box.width), boxHeight: Double(box.height),
                perimeter: ShapePose.outlineLength(of: view, extent: base.proportion, stretch: stretch, shear: shear),
                fits: 2 * widest <= side)
        }
    }
}
