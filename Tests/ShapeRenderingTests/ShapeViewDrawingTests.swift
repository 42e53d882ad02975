import ShapeGame
import ShapeRendering
import Testing

@Suite("Shape views draw what the key says")
struct ShapeViewDrawingTests {
    /// Covered area as a fraction of the canvas: the sum of alpha over all pixels.
    static func coverage(_ surface: CairoSurface) throws -> Double {
        let pixels = try surface.argbPixels()
        let alpha = pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
        return alpha / Double(pixels.count)
    }

    @Test(arguments: [0.3, 0.47, 0.5, 0.8, 1.0], ShapeCatalog.standard.registrations.map(\.kind))
    func coverageEqualsArea(proportion: Double, kind: ShapeKind) throws {
        let registration = try #require(ShapeCatalog.standard.registration(for: kind))
        let shape = registration.makeFactory(.standard).makeShape(proportion: proportion)
        let view = try ShapeViewBuilder().buildView(for: shape)
        let covered = try Self.coverage(try ShapeImageRenderer(canvasSide: 256).renderImage(view))
        #expect(abs(covered - shape.area) / shape.area < 0.002, "covered \(covered), area \(shape.area)")
    }

    @Test(arguments: ShapeCatalog.standard.registrations.map(\.kind))
    func theWidestAllowedOutlineStillCoversExactlyTheArea(kind: ShapeKind) throws {
        let registration = try #require(ShapeCatalog.standard.registration(for: kind))
        let shape = registration.makeFactory(.standard).makeShape(proportion: 0.5)
        let widest = 2 * registration.inradiusRatio * 0.5 * 256
        for lineWidth in [widest * 0.5, widest * 0.95] {
            let view = try ShapeViewBuilder(style: ShapeStyle(showFill: false, lineWidth: lineWidth)).buildView(
                for: shape)
            let covered = try Self.coverage(try ShapeImageRenderer(canvasSide: 256).renderImage(view))
            #expect(
                abs(covered - shape.area) / shape.area < 0.005,
                "line width \(lineWidth): covered \(covered), area \(shape.area)")
        }
    }

    @Test func fillInsideOutlineAtTheEdgeTransparentOutside() throws {
        let view = try ShapeViewBuilder().buildView(for: SquareShape(proportion: 0.5))
        let surface = try ShapeImageRenderer(canvasSide: 100).renderImage(view)
        let pixels = try surface.argbPixels()
        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 100 + x] }
        // Bounds are 25...75; the 6-pixel outline covers 25...31 inside them.
        #expect(pixel(50, 50) == 0xFF99_6633)
        #expect(pixel(27, 50) & 0xFFFF_FF00 == 0xFFFF_8000 || pixel(27, 50) & 0xFFFF_FF00 == 0xFFFF_7F00)
        #expect(pixel(24, 50) == 0)
        #expect(pixel(50, 76) == 0)
    }

    @Test func outlineOnlyLeavesTheMiddleEmpty() throws {
        let view = try ShapeViewBuilder(style: ShapeStyle(showFill: false)).buildView(for: CircleShape(proportion: 0.8))
        let pixels = try ShapeImageRenderer(canvasSide: 100).renderImage(view).argbPixels()
        #expect(pixels[50 * 100 + 50] == 0)
        #expect(pixels[50 * 100 + 12] >> 24 == 0xFF)
    }

    @Test func aBackgroundFillsTheCanvas() throws {
        let view = try ShapeViewBuilder().buildView(for: CircleShape(proportion: 0.3))
        let renderer = ShapeImageRenderer(canvasSide: 64, background: .color(RGBAColor(red: 1, green: 1, blue: 1)))
        let pixels = try renderer.renderImage(view).argbPixels()
        #expect(pixels[0] == 0xFFFF_FFFF)
        #expect(pixels.allSatisfy { $0 >> 24 == 0xFF })
    }

    @Test func anUnregisteredKindIsAnErrorNotACrash() {
        struct Blob: Shape {
            var kind: ShapeKind { ShapeKind(rawValue: "blob") }
            var proportion: Double { 0.5 }
            var area: Double { 0.2 }
        }
        #expect(
            throws: ShapeRenderingError.unregisteredKind(
                ShapeKind(rawValue: "blob"), known: ShapeCatalog.standard.kinds)
        ) {
            try ShapeViewBuilder().buildView(for: Blob())
        }
    }
}
