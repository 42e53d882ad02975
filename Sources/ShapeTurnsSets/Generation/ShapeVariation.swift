import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// How each shape of a turn is varied by `--placement`, `--rotation` and `--palette`: its
/// colours, its pose on its square and the box it then covers. Drawn from the turn's own stream
/// `RandomStream(seed: seed ^ variationSalt, turn: t)`, for shape A then B, in this order: fill
/// and outline colour (with a palette), angle (with rotation; circles are not turned, see
/// `roundSalt`), then the
/// centre (with random placement), so a turn varies the same whatever the set's size. With
/// `--balance colour` the colours come instead from the pair's stream
/// `RandomStream(seed: seed ^ colourSalt, turn: j)` for turns 2j − 1 and 2j, A's then B's, so
/// both turns of a pair (one with A larger, one with B) show the same colours. With none
/// of the options, every shape is centred, upright, in the set's style, as before they existed;
/// a `DistortedShape` (a set balanced in distribution) is drawn stretched and slanted as it says.
package struct ShapeVariation: Sendable {
    /// One shape as varied.
    package struct Varied {
        let style: ShapeStyle
        /// `nil` when centred and upright (drawn exactly as without variation).
        let pose: ShapePose?
        /// The shape's box on its own square.
        let box: PixelBox
        /// The angle in degrees, with `--rotation random`.
        let rotationDegrees: Double?
    }

    package static let variationSalt: UInt64 = 0x5641_5249_4154_494F
    package static let colourSalt: UInt64 = 0x434F_4C4F_5552_5321
    package static let roundSalt: UInt64 = 0x524F_554E_4453_4850

    package let options: GenerateOptions
    package let viewFactory: ShapeViewFactory

    package var isActive: Bool {
        options.placement == .random || options.rotation == .random || options.palette != nil
    }

    /// Both shapes of `turn`, A then B, drawn from the streams of turn `number` (the turn's own
    /// number unless `--seed-offset` or `--exclude` moved it).
    package func vary(_ turn: Turn, stream number: Int) -> [Varied] {
        let side = Double(options.size)
        var stream = RandomStream(seed: options.seed ^ Self.variationSalt, turn: number)
        let sharesColours = options.balance?.contains(.colour) == true
        var pairStream = RandomStream(seed: options.seed ^ Self.colourSalt, turn: (number + 1) / 2)
        // A circle looks the same at every angle, so it is drawn upright; its key still records
        // an angle (from a stream of its own, so the other draws stay as they were) so that
        // `rotation` is a fractional number for every shape, the one JSON type loaders expect.
        var roundStream = RandomStream(seed: options.seed ^ Self.roundSalt, turn: number)
        return ShapeLabel.allCases.map { label in
            let shape = turn.shape(label)
            let extent = shape.proportion * side
            let distorted = shape as? DistortedShape
            guard isActive || distorted != nil else {
                return Varied(
                    style: options.style, pose: nil,
                    box: PixelBox(enclosing: Rect.shapeBounds(proportion: shape.proportion, canvasSide: side)),
                    rotationDegrees: nil)
            }
            var style = options.style
            if let palette = options.palette, palette.colors.count >= 2 {
                let (fill, outline) =
                    sharesColours
                    ? Self.colours(of: palette, using: &pairStream) : Self.colours(of: palette, using: &stream)
                style.fillColor = palette.colors[fill]
                style.outlineColor = palette.colors[outline]
            }
            let view = try? viewFactory.makeView(for: shape, style: style)
            var angle = 0.0
            var recordedAngle = 0.0
            if options.rotation == .random, let view {
                if Self.isRound(view), distorted == nil {
                    recordedAngle = roundStream.nextDouble(in: 0...(2 * Double.pi))
                } else {
                    angle = stream.nextDouble(in: 0...(2 * Double.pi))
                    recordedAngle = angle
                }
            }
            let half =
                view.map {
                    ShapePose.halfExtents(
                        of: $0, extent: extent, angle: angle, stretch: distorted?.stretch ?? 1,
                        shear: distorted?.shear ?? 0)
                } ?? (
                    x: extent / 2, y: extent / 2
                )
            var center = Point(x: side / 2, y: side / 2)
            if options.placement == .random {
                center = Point(
                    x: stream.nextDouble(in: half.x...max(half.x, side - half.x)),
                    y: stream.nextDouble(in: half.y...max(half.y, side - half.y))
                )
            }
            let box = PixelBox(
                enclosing: Rect(x: center.x - half.x, y: center.y - half.y, width: 2 * half.x, height: 2 * half.y))
            return Varied(
                style: style,
                pose: ShapePose(
                    center: center, angle: angle, stretch: distorted?.stretch ?? 1, shear: distorted?.shear ?? 0),
                box: box,
                rotationDegrees: options.rotation == .random ? recordedAngle * 180 / Double.pi : nil
            )
        }
    }

    /// The largest turned half-extent of each kind as a fraction of its side: how much room a
    /// shape needs to turn freely (a square's half diagonal, 0.707; 0.5 for shapes whose
    /// corners lie on their inscribed circle).
    package static func turningRadius(of view: any ShapeView) -> Double {
        var widest = 0.0
        for step in 0..<360 {
            let half = ShapePose.halfExtents(of: view, extent: 1, angle: Double(step) * Double.pi / 180)
            widest = max(widest, half.x, half.y)
        }
        return widest
    }

    /// A fill and a different outline colour of `palette` (which has at least two), as indices.
    private static func colours(of palette: Palette, using stream: inout RandomStream) -> (fill: Int, outline: Int) {
        let fill = stream.nextIndex(below: palette.colors.count)
        return (fill, (fill + 1 + stream.nextIndex(below: palette.colors.count - 1)) % palette.colors.count)
    }

    private static func isRound(_ view: any ShapeView) -> Bool {
        if case .ellipse = view.path(in: Rect(x: 0, y: 0, width: 1, height: 1), insetBy: 0) { return true }
        return false
    }
}
