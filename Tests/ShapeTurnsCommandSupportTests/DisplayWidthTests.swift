import Testing

@testable import ShapeTurnsCommandSupport

/// Terminal columns, checked against what a terminal (and glibc's `wcwidth` in a UTF-8 locale)
/// gives each character: the expected widths here are counted by hand.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("Ana Lima", 8),
        ("王小明", 6),
        ("山田はな", 8),
        ("ﾔﾏﾀﾞ", 4), // halfwidth katakana, a halfwidth voicing mark
        ("김민준", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2), // 각 spelled in jamo: one wide cell
        ("ＡＢＣ", 6), // fullwidth Latin
        ("محمد علي", 8),
        ("שָׁלוֹם", 4), // Hebrew points take no column
        ("Анна Иванова", 12),
        ("Νίκος", 5),
        ("अनिल शर्मा", 9), // the virama takes none, vowel signs one
        ("Jose\u{0301}", 4),
        ("Zoë\u{200D}", 3), // a zero-width joiner takes none
        ("😀", 2),
        ("…", 1),
        ("", 0),
    ])
    func columns(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func paddingFillsToTheColumnsNotTheCharacters() {
        #expect(DisplayWidth.padded("王小明", to: 8) == "王小明  ")
        #expect(DisplayWidth.padded("王小明", to: 8, right: true) == "  王小明")
        #expect(DisplayWidth.padded("Jose\u{0301}", to: 6) == "Jose\u{0301}  ")
        #expect(DisplayWidth.padded("王小明王小明", to: 8) == "王小明王小明", "too wide: left as it is")
    }

    @Test func cuttingKeepsTheEllipsisInsideTheColumns() {
        #expect(DisplayWidth.truncated("王小明王小明", to: 8) == "王小明…")
        #expect(DisplayWidth.of(DisplayWidth.truncated("王小明王小明", to: 8)) == 7)
        #expect(DisplayWidth.truncated("王小明王小明", to: 7) == "王小明…")
        #expect(DisplayWidth.truncated("Guðmundsdóttir", to: 8) == "Guðmund…")
        #expect(DisplayWidth.truncated("Ana", to: 8) == "Ana")
        #expect(DisplayWidth.truncated("Jose\u{0301} Núñez", to: 10) == "Jose\u{0301} Núñez")
    }
}
