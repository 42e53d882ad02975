import Foundation
import ShapeGame
import ShapeRendering
import Testing

@Suite("The Cairo layer reports failures as errors")
struct CairoSurfaceTests {
    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (CairoSurface.maximumSide + 1, 1), (100_000, 100_000)])
    func impossibleSizesAreRefusedUpFront(width: Int, height: Int) {
        #expect(throws: CairoError.surfaceTooLarge(width: width, height: height, maximumSide: CairoSurface.maximumSide))
        {
            try CairoSurface.image(width: width, height: height)
        }
    }

    @Test func pngBytesReadBackToTheSamePixels() throws {
        let view = try ShapeViewBuilder().buildView(for: CircleShape(proportion: 0.6))
        let surface = try ShapeImageRenderer(canvasSide: 64).renderImage(view)
        let bytes = try surface.pngBytes()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try CairoSurface.readPNG(bytes: bytes)
        #expect(decoded.width == 64 && decoded.height == 64)
        #expect(try decoded.argbPixels() == surface.argbPixels())
    }

    @Test func corruptPNGIsAnError() throws {
        let view = try ShapeViewBuilder().buildView(for: SquareShape(proportion: 0.6))
        let good = try ShapeImageRenderer(canvasSide: 32).renderImage(view).pngBytes()
        for bytes in [Array("not a png".utf8), Array(good.prefix(good.count / 2)), []] {
            #expect(throws: CairoError.self) {
                try CairoSurface.readPNG(bytes: bytes, source: "test.png")
            }
        }
        #expect(throws: CairoError.self) {
            try CairoSurface.readPNG(path: "/nonexistent/shape.png")
        }
    }

    @Test func svgBytesDoNotDependOnHowManySurfacesCameBefore() throws {
        let view = try ShapeViewBuilder().buildView(for: CircleShape(proportion: 0.5))
        let renderer = ShapeImageRenderer(canvasSide: 50)
        let first = try renderer.render(view, as: .svg)
        for _ in 0..<3 { _ = try CairoSurface.svg(width: 10, height: 10).finishSVG() }
        let later = try renderer.render(view, as: .svg)
        #expect(first == later)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("id=\"surface1\""))
        #expect(text.contains("width=\"50px\""))
    }

    @Test func drawingOnAFinishedSurfaceFails() throws {
        let surface = try CairoSurface.svg(width: 10, height: 10)
        _ = try surface.finishSVG()
        #expect(throws: CairoError.self) {
            try CairoContext(surface: surface).paint(RGBAColor(red: 1, green: 0, blue: 0))
        }
    }
}
