import CCairo
import Foundation
import PixelDiff
import ShapeGame
import ShapeRendering
import Testing

/// The rendering library's public entry points on any value their types allow: each returns or
/// throws, never traps, and never draws a page that does not exist.
@Suite("The rendering API on any Int, Double and String")
struct RenderingEdgeTests {
    static let doubles: [Double] = {
        var random = RandomStream(seed: 0xD01, turn: 1)
        let edges: [Double] = [
            .nan, -.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, 1e300, -1, 0.5, 1, 72, 150, 700, 701, 1e6,
        ]
        return edges + (0..<40).map { _ in Double(bitPattern: random.next()) }
    }()

    @Test(arguments: doubles)
    func anyResolutionDrawsOrThrows(dpi: Double) throws {
        let renderer = WorksheetFixture.renderer(turns: 1)
        let sides = [595.28, 841.89].map { ($0 * dpi / 72).rounded() }
        let fits = dpi > 0 && sides.allSatisfy { $0 >= 1 && $0 <= 8192 }
        do {
            let image = try renderer.renderImage(page: 0, dpi: dpi)
            #expect(fits)
            #expect([Double(image.width), Double(image.height)] == sides)
        } catch {
            #expect(!fits, "\(dpi) dpi makes an A4 page of \(sides) pixels")
            #expect(error == .resolutionOutOfRange(dpi) || dpi.isNaN)
        }
    }

    @Test(arguments: [Int.min, -1, 2, 3, Int.max])
    func aPageThatDoesNotExistIsAnError(page: Int) {
        let renderer = WorksheetFixture.renderer(turns: 3)
        #expect(renderer.layout.pageCount == 2)
        #expect(throws: ShapeRenderingError.pageOutOfRange(page, pageCount: 2)) { try renderer.renderSVG(page: page) }
        #expect(throws: ShapeRenderingError.pageOutOfRange(page, pageCount: 2)) { try renderer.renderPNG(page: page) }
    }

    @Test(arguments: [Int.min, -1, 0, 1, 8193, Int.max / 2, Int.max])
    func anySurfaceSizeIsMadeOrRefused(side: Int) {
        for (width, height) in [(side, 2), (2, side), (side, side)] {
            if let surface = try? CairoSurface.image(width: width, height: height, argbPixels: []) {
                Issue.record("\(surface.width)x\(surface.height) made from no pixels")
            }
            let made = try? CairoSurface.image(width: width, height: height)
            #expect((made != nil) == ((1...8192).contains(width) && (1...8192).contains(height)))
        }
    }

    /// A surface made and drawn on with Cairo's C API, as a Cairo user has one: wrapped, it reads
    /// the user's pixels, and it outlives the user's own reference.
    @Test func aCairoUsersOwnSurfaceIsUsableAndOutlivesTheirReference() throws {
        let raw = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 3, 2))
        let cairo = cairo_create(raw)
        cairo_set_source_rgba(cairo, 0.8, 0.4, 0.2, 1)
        cairo_rectangle(cairo, 0, 0, 2, 1)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        let wrapped = try CairoSurface(retaining: raw)
        cairo_surface_destroy(raw)
        #expect(wrapped.width == 3 && wrapped.height == 2)
        let orange: UInt32 = 0xFF00_0000 | 204 << 16 | 102 << 8 | 51
        #expect(try wrapped.argbPixels() == [orange, orange, 0, 0, 0, 0])
        #expect(
            try RGBAImage(pngBytes: wrapped.pngBytes()).pixels[0]
                == RGBAImage.pack(red: 204, green: 102, blue: 51, alpha: 255))

        let vector = try #require(cairo_svg_surface_create_for_stream(nil, nil, 10, 10))
        defer { cairo_surface_destroy(vector) }
        #expect(throws: CairoError.self) { try CairoSurface(retaining: vector) }
        let a8 = try #require(cairo_image_surface_create(CAIRO_FORMAT_A8, 2, 2))
        defer { cairo_surface_destroy(a8) }
        #expect(throws: CairoError.self) { try CairoSurface(retaining: a8) }
    }

    static let colourTexts: [String] = [
        "", " ", "#", "##", "#12", "#12345", "#1234567", "#123456789", "#+1+1+1", "#-1-1-1", "# 12345", "#１２３",
        "#ggg", "#FFF", "#ffffff00", "brown", "BROWN", " steelblue ", "transparent", "\u{0}", "#\u{0}\u{0}\u{0}",
        "e\u{301}", String(repeating: "#", count: 10_000), "🟫", "#🟫🟫🟫", "rgb(1,2,3)",
    ]

    @Test(arguments: colourTexts)
    func anyColourTextParsesOrThrows(text: String) {
        do {
            let colour = try RGBAColor(parsing: text)
            #expect([colour.red, colour.green, colour.blue, colour.alpha].allSatisfy { (0...1).contains($0) })
            #expect(colour.hexString.hasPrefix("#"))
            #expect(!text.contains("+") && !text.contains("-"), "'\(text)' is not a colour")
        } catch {
            #expect(error == .unknown(text))
        }
        _ = try? CanvasBackground(parsing: text)
    }

    @Test(arguments: doubles)
    func anyComponentHasAHexString(value: Double) {
        let hex = RGBAColor(red: value, green: value, blue: value, alpha: value).hexString
        #expect(hex.count == 7 || hex.count == 9)
    }
}

/// The image library's public entry points on any value their types allow.
@Suite("The image API on any Int and Double")
struct ImageEdgeTests {
    static let sides = [Int.min, -1, 0, 1, 2, 8192, 8193, Int.max / 2, Int.max]

    @Test(arguments: sides)
    func anyImageSizeIsMadeOrRefused(side: Int) {
        for (width, height) in [(side, 2), (2, side), (side, side), (Int.max, 2)] {
            let image = try? RGBAImage(width: width, height: height, pixels: [])
            #expect(image == nil || (width == 0 || height == 0))
            #expect((try? RGBAImage(premultipliedARGB: [], width: width, height: height)) == image)
        }
    }

    /// A 1 × 1 PNG under any limit: decoded when the limit allows one pixel, refused otherwise.
    @Test(arguments: sides)
    func anyDecodingLimitDecodesOrThrows(limit: Int) throws {
        let png = try RGBAImage(width: 1, height: 1, pixels: [0xFF00_00FF]).pngBytes()
        let decoded = try? RGBAImage(pngBytes: png, maximumSide: limit)
        #expect((decoded != nil) == (limit >= 1))
    }

    @Test(arguments: RenderingEdgeTests.doubles)
    func anyThresholdOrRatioIsCheckedNotTrusted(value: Double) throws {
        let comparison = try? ImageComparison(options: PixelmatchOptions(threshold: value))
        #expect((comparison != nil) == (0...1).contains(value))
        let ratio = Result { () throws(ComparisonError) in try ComparisonTolerance(maxDifferentRatio: value).validate()
        }
        #expect((try? ratio.get()) != nil ? (0...1).contains(value) : !(0...1).contains(value))
        var options = PixelmatchOptions()
        options.diffAlpha = value
        let image = try RGBAImage(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF])
        if let comparison = try? ImageComparison(options: options) {
            #expect(comparison.compare(image, image, drawingDiff: true).differentPixels == 0)
        }
    }
}
