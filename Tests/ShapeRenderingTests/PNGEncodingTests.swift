import ShapeGame
import ShapeRendering
import Testing

@Suite("ShapeTurns' PNG encodings decode to Cairo's pixels")
struct PNGEncodingTests {
    static let styles: [(ShapeStyle, CanvasBackground)] = [
        (ShapeStyle(), .transparent),
        (ShapeStyle(showFill: false, lineWidth: 11), .transparent),
        (
            ShapeStyle(
                fillColor: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5),
                outlineColor: RGBAColor(red: 0.2, green: 0.9, blue: 0.3, alpha: 0.7)), .transparent
        ),
        (ShapeStyle(), .color(RGBAColor(red: 0x7C / 255, green: 0xBB / 255, blue: 0xF2 / 255))),
    ]

    /// Premultiplied ARGB noise: every alpha, no two neighbours alike, nothing for runs to find.
    static func noise(width: Int, height: Int) throws -> CairoSurface {
        var random = RandomStream(seed: 99, turn: 1)
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
            let value = random.next()
            let alpha = UInt32(value & 0xFF)
            let channel = { (shift: UInt64) in UInt32((value >> shift) & 0xFF) * alpha / 255 }
            return alpha << 24 | channel(8) << 16 | channel(16) << 8 | channel(24)
        }
        return try CairoSurface.image(width: width, height: height, argbPixels: pixels)
    }

    @Test(arguments: PNGEncoding.allCases)
    func everyKindAndStyleRoundTripsThroughCairosReader(encoding: PNGEncoding) throws {
        for registration in ShapeCatalog.standard.registrations {
            for (style, background) in Self.styles {
                let shape = registration.makeFactory(.standard).makeShape(proportion: 0.63)
                let view = try ShapeViewBuilder(style: style).buildView(for: shape)
                let surface = try ShapeImageRenderer(canvasSide: 200, background: background).renderImage(view)
                let expected = try CairoSurface.readPNG(bytes: try surface.pngBytes()).argbPixels()
                let bytes = try surface.pngBytes(encoding)
                #expect(
                    try CairoSurface.readPNG(bytes: bytes).argbPixels() == expected, "\(registration.kind) \(encoding)")
                #expect(
                    try RGBAImage(pngBytes: bytes) == RGBAImage(pngBytes: try surface.pngBytes()),
                    "libpng/libdeflate decode")
            }
        }
    }

    @Test(arguments: PNGEncoding.allCases)
    func noiseAndOddSizesRoundTrip(encoding: PNGEncoding) throws {
        for (width, height) in [(1, 1), (3, 700), (257, 5), (64, 64)] {
            let surface = try Self.noise(width: width, height: height)
            let expected = try CairoSurface.readPNG(bytes: try surface.pngBytes()).argbPixels()
            #expect(
                try CairoSurface.readPNG(bytes: try surface.pngBytes(encoding)).argbPixels() == expected,
                "\(width)x\(height)")
        }
    }

    /// Over an opaque background every encoding writes RGB (colour type 2, byte 25) holding the
    /// pixels the RGBA file holds; shapes over a transparent one stay RGBA.
    @Test(arguments: PNGEncoding.allCases)
    func anOpaqueBackgroundGivesRGBWithTheSamePixels(encoding: PNGEncoding) throws {
        let white = CanvasBackground.color(RGBAColor(red: 1, green: 1, blue: 1))
        for registration in ShapeCatalog.standard.registrations {
            let shape = registration.makeFactory(.standard).makeShape(proportion: 0.63)
            let view = try ShapeViewBuilder(style: Self.styles[2].0).buildView(for: shape)
            for background in [white, Self.styles[3].1, .transparent] {
                let renderer = ShapeImageRenderer(canvasSide: 96, background: background, pngEncoding: encoding)
                let bytes = try renderer.render(view, as: .png)
                let rgba = try renderer.renderImage(view).pngBytes(encoding)
                #expect(bytes[25] == (background == .transparent ? 6 : 2), "\(registration.kind) \(background)")
                #expect(try RGBAImage(pngBytes: bytes) == RGBAImage(pngBytes: rgba), "\(registration.kind)")
            }
        }
    }

    @Test(arguments: PNGEncoding.allCases)
    func rgbIsRefusedForAPixelThatIsNotOpaque(encoding: PNGEncoding) throws {
        let surface = try Self.noise(width: 9, height: 4)
        #expect(throws: CairoError.self) { try surface.pngBytes(encoding, opaque: true) }
    }

    @Test func fastIsAboutAsSmallAsCairosWriterOnShapes() throws {
        var fast = 0
        var cairo = 0
        for registration in ShapeCatalog.standard.registrations {
            let view = try ShapeViewBuilder().buildView(
                for: registration.makeFactory(.standard).makeShape(proportion: 0.55))
            let surface = try ShapeImageRenderer(canvasSide: 512).renderImage(view)
            fast += try surface.pngBytes(.fast).count
            cairo += try surface.pngBytes(.cairo).count
        }
        #expect(Double(fast) < Double(cairo) * 1.6, "fast \(fast) bytes, Cairo \(cairo)")
    }

    @Test func theFastEncodingIsTheSameBytesEveryTime() throws {
        let view = try ShapeViewBuilder().buildView(for: StarShape(proportion: 0.7))
        let surface = try ShapeImageRenderer(canvasSide: 300).renderImage(view)
        let first = try surface.pngBytes(.fast)
        #expect(try surface.pngBytes(.fast) == first)
        #expect(Array(first.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
