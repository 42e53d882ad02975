/// How many columns text takes in a terminal, so tables of names line up whatever the script:
/// East Asian wide and fullwidth characters take two columns, combining marks and invisible
/// format characters none, everything else one (East Asian ambiguous characters too, as in a
/// terminal outside a CJK locale).
///
/// Written here rather than taken from elsewhere: Swift's `Unicode.Scalar.Properties` has no
/// East Asian width, Foundation on Linux does not expose ICU's, and glibc's `wcwidth` answers
/// only after `setlocale` has switched the whole process to a UTF-8 locale. The wide ranges are
/// Unicode's East Asian Width W and F blocks (EastAsianWidth.txt, Unicode 15), as Markus Kuhn's
/// `wcwidth` and glibc group them; emoji shown as pictures count as wide by their
/// Emoji_Presentation property.
package enum DisplayWidth {
    /// The columns `text` takes.
    package static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character (a grapheme cluster) takes: the sum of its scalars' widths, as
    /// a terminal lays them out (a Hangul syllable spelled in jamo is two, a Devanagari conjunct
    /// one a consonant), except that an emoji sequence is one picture, two columns.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count > 1, scalars.contains(where: \.properties.isEmojiPresentation) { return 2 }
        return scalars.reduce(0) { $0 + of($1) }
    }

    /// The columns one scalar takes on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if wide.contains(where: { $0.contains(value) }) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// `text` cut to at most `columns` columns, with an ellipsis in the last column when cut.
    package static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let width = of(character)
            guard used + width <= columns - 1 else { break }
            kept.append(character)
            used += width
        }
        return kept + "…"
    }

    /// `text` filled with spaces to `columns` columns, on the right (or, with `right`, the left).
    package static func padded(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - of(text)))
        return right ? padding + text : text + padding
    }

    /// The East Asian wide and fullwidth blocks: Hangul initial jamo, CJK radicals and
    /// punctuation, kana, Bopomofo, Hangul compatibility jamo, enclosed CJK, CJK ideographs and
    /// their extensions, Yi, Hangul syllables, compatibility ideographs, vertical and small
    /// forms, fullwidth forms, Tangut, kana supplements and enclosed ideographs.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
