/// The language a run of text is set in, as a BCP 47 tag for Pango, chosen from the text itself
/// rather than the machine's locale, so the same roster prints the same page anywhere.
///
/// It matters for Han characters, which Chinese, Japanese and Korean share with different glyph
/// shapes: fontconfig falls back to the font of the language given. Kana mark Japanese, Hangul
/// Korean, Han alone Chinese (simplified); anything else is set as English, and Pango picks each
/// other script's own font regardless.
package enum TextLanguage {
    /// The tag `text` is set with: `ja`, `ko`, `zh-cn` or `en`.
    package static func tag(for text: String) -> String {
        var hasHan = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x1B000...0x1B16F:
                return "ja"
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xFFA0...0xFFDC:
                return "ko"
            case 0x2E80...0x2FDF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
                hasHan = true
            default:
                continue
            }
        }
        return hasHan ? "zh-cn" : "en"
    }
}
