import ShapeGame
import ShapeRendering
import Testing

/// Worksheet text through Pango: every script a class's names come in has glyphs (no box), a
/// long name is made smaller and then cut to its line, and nothing of a name reaches beyond its
/// field, however many marks its characters carry.
@Suite("Worksheet text: names in any script, kept to their line")
struct WorksheetTextTests {
    /// Chinese, Japanese, Korean, Arabic, Hebrew, Cyrillic, Greek and Devanagari.
    static let names = [
        "王小明", "山田はな", "김민준", "محمد علي", "דוד לוי", "Анна Иванова", "Νίκος Παπαδόπουλος", "अनिल शर्मा",
    ]

    static func context() throws -> CairoContext {
        try CairoContext(surface: try CairoSurface.image(width: 200, height: 50))
    }

    @Test(arguments: names)
    func everyScriptHasGlyphs(name: String) throws {
        let context = try Self.context()
        for font in [WorksheetLayout.fieldFont, WorksheetLayout.footerFont, CairoFont(weight: .bold, size: 11)] {
            #expect(
                try context.missingGlyphCount(name, font: font) == 0,
                "\(name) needs a font: scripts/bootstrap installs fonts-wqy-microhei and fonts-lohit-deva")
            #expect(try context.measure(name, font: font).width > 0)
        }
    }

    @Test func aCharacterNoFontHasIsCounted() throws {
        let context = try Self.context()
        #expect(try context.missingGlyphCount("Ana \u{E000}\u{E001}", font: WorksheetLayout.fieldFont) == 2)
    }

    @Test(arguments: [
        ("Ana Lima", "en"), ("王小明", "zh-cn"), ("山田はな", "ja"), ("山田 ハナ", "ja"), ("김민준", "ko"),
        ("محمد علي", "en"), ("अनिल", "en"), ("王 김", "ko"),
    ])
    func hanFallsBackByTheLanguageTheNameShows(name: String, tag: String) {
        #expect(TextLanguage.tag(for: name) == tag)
    }

    @Test func aNameThatFitsIsDrawnAtItsSize() throws {
        let context = try Self.context()
        let line = FittedText("王小明", font: WorksheetLayout.fieldFont, at: Point(x: 0, y: 20), width: 150)
        let fitted = try line.fitting(in: context)
        #expect(fitted.font == WorksheetLayout.fieldFont && !fitted.ellipsized)
    }

    @Test func aLongerNameIsMadeSmallerToFit() throws {
        let context = try Self.context()
        let name = "Νίκος Παπαδόπουλος-Αλεξανδρόπουλος"
        let width = 0.8 * (try context.measure(name, font: WorksheetLayout.fieldFont).xAdvance)
        let fitted = try FittedText(name, font: WorksheetLayout.fieldFont, at: Point(x: 0, y: 20), width: width)
            .fitting(in: context)
        #expect(!fitted.ellipsized)
        #expect(abs(fitted.font.size - 0.8 * WorksheetLayout.fieldFont.size) < 0.01)
        #expect(try context.measure(name, font: fitted.font).xAdvance <= width + 0.01)
    }

    @Test(arguments: [
        String(repeating: "王", count: 60), String(repeating: "W", count: 60), String(repeating: "ش", count: 60),
    ])
    func aNameTooLongEvenSmallIsCutWithAnEllipsis(name: String) throws {
        let context = try Self.context()
        let font = WorksheetLayout.fieldFont
        let fitted = try FittedText(name, font: font, at: Point(x: 0, y: 20), width: 150).fitting(in: context)
        #expect(fitted.ellipsized)
        #expect(fitted.font.size == font.size * FittedText.minimumScale)
        let cut = try context.measure(name, font: fitted.font, ellipsizedWidth: 150)
        #expect(cut.xAdvance <= 150 && cut.xAdvance > 100, "cut to \(cut.xAdvance) of 150 points")
    }

    /// A name of 60 characters, each carrying a tower of combining marks above and below.
    static let hostileName = String(
        repeating: "W" + String(repeating: "\u{0301}\u{0316}\u{0307}\u{0323}", count: 12), count: 60)

    @Test(arguments: [hostileName, String(repeating: "王", count: 60), "محمد علي"])
    func nothingOfANameIsDrawnOutsideItsField(name: String) throws {
        let dpi = 72.0
        func page(_ studentName: String) throws -> CairoSurface {
            let layout = WorksheetLayout(turnCount: 6)
            let content = WorksheetContent(
                sheetCode: "K7QX-M2PD", studentName: studentName, turns: WorksheetFixture.turns(6))
            return try WorksheetRenderer(pageView: WorksheetPageView(layout: layout, content: content))
                .renderImage(page: 0, dpi: dpi)
        }
        let surface = try page(name)
        let width = surface.width
        let named = try surface.argbPixels()
        let blank = try page("").argbPixels()
        let layout = WorksheetLayout(turnCount: 6)
        let field = try #require(layout.headerFields.first { $0.label == WorksheetLayout.nameLabel })
        var inside = 0
        var outside: [(Int, Int)] = []
        for index in named.indices where named[index] != blank[index] {
            let x = Double(index % width) + 0.5
            let y = Double(index / width) + 0.5
            let inField =
                x >= field.origin.x && x <= field.origin.x + field.width && y > layout.titleBaseline.y
                && y < layout.instructionBaseline.y - WorksheetLayout.instructionFont.size
            if inField { inside += 1 } else { outside.append((index % width, index / width)) }
        }
        #expect(inside > 50, "the name is drawn")
        #expect(outside.isEmpty, "\(outside.count) pixels changed outside the name field, first \(outside.prefix(5))")
    }
}
