import Foundation
import ShapeRendering
import Testing

@Suite("Colours are read as users type them")
struct RGBAColorTests {
    @Test func tutorialNamesHaveUIKitValues() throws {
        #expect(try RGBAColor(parsing: "brown") == RGBAColor(red: 0.6, green: 0.4, blue: 0.2))
        #expect(try RGBAColor(parsing: "Orange") == RGBAColor(red: 1, green: 0.5, blue: 0))
        #expect(try RGBAColor(parsing: "gray") == RGBAColor(red: 0.5, green: 0.5, blue: 0.5))
        #expect(try RGBAColor(parsing: "darkGray") == RGBAColor(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))
        #expect(try RGBAColor(parsing: "clear").alpha == 0)
    }

    @Test func cssNamesHaveCSSValues() throws {
        #expect(try RGBAColor(parsing: "steelblue").hexString == "#4682B4")
        #expect(try RGBAColor(parsing: "RebeccaPurple").hexString == "#663399")
        #expect(try RGBAColor(parsing: "grey").hexString == "#808080")
        #expect(try RGBAColor(parsing: "transparent").alpha == 0)
    }

    @Test(arguments: [
        ("#1E90FF", "#1E90FF"), ("#1e90ff", "#1E90FF"), ("#abc", "#AABBCC"),
        ("#FF000080", "#FF000080"), ("#f008", "#FF000088"), (" #000000 ", "#000000"),
    ])
    func hexCodes(text: String, hex: String) throws {
        #expect(try RGBAColor(parsing: text).hexString == hex)
    }

    @Test(arguments: ["", "bluish", "#12345", "#GGGGGG", "#1234567890", "rgb(1,2,3)", "##123456"])
    func unknownColoursAreErrors(text: String) {
        #expect(throws: ColorParseError.unknown(text)) {
            try RGBAColor(parsing: text)
        }
    }

    @Test func backgroundsAreTransparentOrAColour() throws {
        #expect(try CanvasBackground(parsing: "Transparent") == .transparent)
        #expect(try CanvasBackground(parsing: "white").description == "#FFFFFF")
        #expect(throws: ColorParseError.self) { try CanvasBackground(parsing: "see-through") }
    }
}

@Suite("Colours survive JSON")
struct RGBAColorCodingTests {
    /// The written form reads back to a colour that is written the same way; a colour given as
    /// `#RRGGBB[AA]` reads back exactly.
    @Test(arguments: ["brown", "orange", "gray", "#FF000080", "steelblue", "darkgray"])
    func roundTrip(name: String) throws {
        let color = try RGBAColor(parsing: name)
        let data = try JSONEncoder().encode([color])
        let decoded = try JSONDecoder().decode([RGBAColor].self, from: data)
        #expect(try JSONEncoder().encode(decoded) == data)
        #expect(decoded == [try RGBAColor(parsing: color.hexString)])
    }

    /// One form for every colour, the answer keys': `#RRGGBB`, `#RRGGBBAA` when not opaque.
    @Test func everyColourIsWrittenAsTheKeysWriteIt() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode([
            try RGBAColor(parsing: "brown"), try RGBAColor(parsing: "orange"), try RGBAColor(parsing: "#FF000080"),
        ])
        #expect(String(decoding: data, as: UTF8.self) == ##"["#996633","#FF8000","#FF000080"]"##)
        let background = try encoder.encode([CanvasBackground.transparent, try CanvasBackground(parsing: "orange")])
        #expect(String(decoding: background, as: UTF8.self) == ##"["transparent","#FF8000"]"##)
        #expect(
            try JSONDecoder().decode([RGBAColor].self, from: Data(##"["#996633"]"##.utf8)) == [
                try RGBAColor(parsing: "brown")
            ])
        // Development builds after 0.1.0 wrote the four components; they still read.
        let old = #"[{"alpha":1,"blue":0,"green":0.5,"red":1}]"#
        #expect(
            try JSONDecoder().decode([RGBAColor].self, from: Data(old.utf8)) == [RGBAColor(red: 1, green: 0.5, blue: 0)]
        )
    }
}
