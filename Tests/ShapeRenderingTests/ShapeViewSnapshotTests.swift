import ShapeGame
import ShapeRendering
import SnapshotTesting
import Testing

@Suite("Shape views match their golden images")
struct ShapeViewSnapshotTests {
    struct Configuration: Sendable, CustomTestStringConvertible {
        let name: String
        let style: ShapeStyle
        let background: CanvasBackground
        var testDescription: String { name }
    }

    static let configurations: [Configuration] = [
        Configuration(name: "tutorial", style: ShapeStyle(), background: .transparent),
        Configuration(name: "fill-only", style: ShapeStyle(showOutline: false), background: .transparent),
        Configuration(name: "outline-only", style: ShapeStyle(showFill: false), background: .transparent),
        Configuration(
            name: "blue-on-white",
            style: ShapeStyle(
                fillColor: RGBAColor(red: 0.12, green: 0.56, blue: 1),
                outlineColor: RGBAColor(red: 0, green: 0, blue: 0.5),
                lineWidth: 10
            ),
            background: .color(RGBAColor(red: 1, green: 1, blue: 1))
        ),
        Configuration(
            name: "translucent-on-game-blue",
            style: ShapeStyle(
                fillColor: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5),
                outlineColor: RGBAColor(red: 0.5, green: 0.5, blue: 0.5), lineWidth: 3),
            background: .color(RGBAColor(red: 0x7C / 255, green: 0xBB / 255, blue: 0xF2 / 255))
        ),
    ]

    static let shapes: [any Shape] = [
        SquareShape(proportion: 0.7), CircleShape(proportion: 0.7), TriangleShape(proportion: 0.8),
        StarShape(proportion: 0.9), HexagonShape(proportion: 0.8),
    ]

    @Test(arguments: shapes, configurations)
    func png(shape: any Shape, configuration: Configuration) throws {
        let view = try ShapeViewBuilder(style: configuration.style).buildView(for: shape)
        let renderer = ShapeImageRenderer(canvasSide: 128, background: configuration.background)
        GoldenFile.assert(
            try renderer.renderImage(view), as: GoldenFile.image, golden: "\(shape.kind)-\(configuration.name).png")
    }

    @Test(arguments: shapes, [configurations[0], configurations[3]])
    func svg(shape: any Shape, configuration: Configuration) throws {
        let view = try ShapeViewBuilder(style: configuration.style).buildView(for: shape)
        let renderer = ShapeImageRenderer(canvasSide: 128, background: configuration.background)
        let document = String(decoding: try renderer.render(view, as: .svg), as: UTF8.self)
        GoldenFile.assert(document, as: .lines, golden: "\(shape.kind)-\(configuration.name).svg")
    }
}
