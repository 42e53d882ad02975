import Foundation
import ShapeGame
import ShapeRendering
import Testing

@Suite("Worksheets render the same way in every format")
struct WorksheetRenderingTests {
    static func count(_ needle: String, in bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    @Test func aPDFHasEveryPageTheLayoutSaysAndAFixedDate() throws {
        let renderer = WorksheetFixture.renderer(turns: 30)
        let pdf = try renderer.renderPDF(info: PDFDocumentInfo(title: "Test", creator: "tests"))
        #expect(Array(pdf.prefix(5)) == Array("%PDF-".utf8))
        #expect(Self.count("/Type /Page\n", in: pdf) + Self.count("/Type /Page ", in: pdf) == 5)
        #expect(Self.count("/MediaBox [ 0 0 595.28 841.89 ]", in: pdf) == 5)
        #expect(Self.count("/CreationDate (20000101000000Z)", in: pdf) == 1)
        #expect(Self.count("/ModDate (20000101000000Z)", in: pdf) == 1)
        #expect(try renderer.renderPDF(info: PDFDocumentInfo(title: "Test", creator: "tests")) == pdf)
    }

    @Test func letterPagesAreLetterSized() throws {
        let renderer = WorksheetFixture.renderer(turns: 3, paper: .letter)
        let pdf = try renderer.renderPDF(info: PDFDocumentInfo(title: "Test", creator: "tests"))
        #expect(Self.count("/MediaBox [ 0 0 612 792 ]", in: pdf) == 2)
        let image = try renderer.renderImage(page: 0, dpi: 150)
        #expect(image.width == 1275 && image.height == 1650)
    }

    @Test func svgPagesAreInPointsAndTheSameWhateverCameBefore() throws {
        let renderer = WorksheetFixture.renderer(turns: 10)
        let first = try renderer.renderSVG(page: 0)
        _ = try renderer.renderSVG(page: 1)
        _ = try renderer.renderPDF(info: PDFDocumentInfo(title: "Test", creator: "tests"))
        let again = try renderer.renderSVG(page: 0)
        #expect(first == again)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains(#"width="595.28pt" height="841.89pt""#))
        #expect(text.contains(#"id="glyph1-1""#), "text is drawn with glyphs, renumbered from 1")
        #expect(text.contains(#"id="surface1""#))
    }

    @Test func pngPagesAre150DPIAndTheSameTwice() throws {
        let renderer = WorksheetFixture.renderer(turns: 10)
        let png = try renderer.renderPNG(page: 0)
        #expect(try renderer.renderPNG(page: 0) == png)
        let decoded = try CairoSurface.readPNG(bytes: png)
        #expect(decoded.width == 1240 && decoded.height == 1754)
    }

    @Test func theFirstPageIsNotBlankAndPagesAfterTheLastAreErrors() throws {
        let renderer = WorksheetFixture.renderer(turns: 10)
        let white: UInt32 = 0xFFFF_FFFF
        let first = try renderer.renderImage(page: 0, dpi: 30).argbPixels()
        let inked = first.filter { $0 != white }.count
        #expect(Double(inked) / Double(first.count) > 0.05, "\(inked) of \(first.count) pixels inked")
        #expect(throws: ShapeRenderingError.pageOutOfRange(99, pageCount: 3)) {
            try renderer.renderImage(page: 99, dpi: 30)
        }
    }

    /// Both canvases of a cell are one scale: the ink of shape A and of shape B, measured on the
    /// rendered page, are in the ratio of their areas.
    @Test(arguments: 1...8)
    func shapesAreDrawnToScale(turn: Int) throws {
        let style = ShapeStyle(fillColor: RGBAColor(red: 0, green: 0, blue: 0), showOutline: false)
        let renderer = WorksheetFixture.renderer(turns: 8, style: style)
        let dpi = 144.0
        let image = try renderer.renderImage(page: 0, dpi: dpi)
        let pixels = try image.argbPixels()
        let cell = renderer.layout.cell(forTurn: turn)
        func ink(in canvas: Rect) -> Double {
            let scale = dpi / 72
            var total = 0.0
            for y in Int(canvas.y * scale)..<Int((canvas.maxY * scale).rounded(.up)) {
                for x in Int(canvas.x * scale)..<Int((canvas.maxX * scale).rounded(.up)) {
                    total += 1 - Double(pixels[y * image.width + x] & 0xFF) / 255
                }
            }
            return total
        }
        let shapes = WorksheetFixture.turns(8)[turn - 1]
        let measured = ink(in: cell.canvasA) / ink(in: cell.canvasB)
        let exact = shapes.shapeA.area / shapes.shapeB.area
        #expect(abs(measured / exact - 1) < 0.02, "turn \(turn): measured \(measured), areas \(exact)")
        let side = renderer.layout.canvasSide * dpi / 72
        #expect(abs(ink(in: cell.canvasA) / (side * side) - shapes.shapeA.area) < 0.02)
    }

    @Test func theAnswerKeyReadsNumberColonLetter() {
        let content = WorksheetContent(turns: WorksheetFixture.turns(3))
        #expect(content.answerEntry(forTurn: 1) == "1: A")
        #expect(content.answerEntry(forTurn: 2) == "2: B")
        #expect(content.answerEntry(forTurn: 4) == nil)
    }

    @Test func textIsMeasuredInDejaVuSans() throws {
        let context = try CairoContext(surface: try CairoSurface.image(width: 10, height: 10))
        let digit = try context.measure("0", font: CairoFont(size: 100))
        let boldDigit = try context.measure("0", font: CairoFont(weight: .bold, size: 100))
        // DejaVu Sans digits advance 63.6 em/100, bold ones 69.6: the figures the layout assumes.
        #expect(abs(digit.xAdvance - 63.6) < 0.2, "\(digit.xAdvance)")
        #expect(abs(boldDigit.xAdvance - 69.6) < 0.2, "\(boldDigit.xAdvance)")
        #expect(boldDigit.xAdvance <= 70)
    }

    @Test func impossiblePagesAreRefused() {
        for (width, height) in [(0.0, 100.0), (100, -1), (.infinity, 100), (40000, 100)] {
            #expect(throws: CairoError.self) {
                try CairoSurface.pdf(
                    widthPoints: width, heightPoints: height, info: PDFDocumentInfo(title: "", creator: ""))
            }
            #expect(throws: CairoError.self) {
                try CairoSurface.svgPage(widthPoints: width, heightPoints: height)
            }
        }
    }
}
