import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// A student on a class's roster: their position (1-based) and their name as the roster gave it.
package struct Student: Sendable, Equatable, Codable {
    package let number: Int
    package let name: String

    package init(number: Int, name: String) {
        self.number = number
        self.name = name
    }

    /// The seed of this student's version of a worksheet made with `seed`.
    ///
    /// Documented so any tool can reproduce it: `x = RandomStream(seed: seed, turn: number).next()`,
    /// then the result is `RandomStream(seed: x ^ FNV-1a-64(UTF-8 of the name in Unicode NFC),
    /// turn: 0).next()`. It depends on the position and the name, so two students of the same
    /// name get different versions, and a name typed with a decomposed accent gets the same one.
    package func seed(from seed: UInt64) -> UInt64 {
        var position = RandomStream(seed: seed, turn: number)
        var mixed = RandomStream(seed: position.next() ^ SheetCode.fnv1a(Array(Self.canonical(name).utf8)), turn: 0)
        return mixed.next()
    }

    /// The name in Unicode NFC with surrounding spaces removed and inner runs of spaces made one.
    package static func canonical(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    /// Letters that carry no accent to fold away, spelled in ASCII.
    private static let latinLetters: [Unicode.Scalar: String] = [
        "ð": "d", "þ": "th", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i",
    ]

    /// The name as a file-name part: accents dropped, letters and digits kept, lower case,
    /// anything else one dash (`Zoë O'Neil` → `zoe-o-neil`); `student` when nothing is left.
    package var fileNamePart: String {
        let part = Self.asciiWords(name)
        return part.isEmpty ? "student" : String(part.prefix(40))
    }

    /// The name as it is matched when it is not typed exactly as on the roster: case, accents,
    /// punctuation and spacing folded away (`Omer  Yılmaz`, `omer yilmaz` and `Ömer-Yilmaz` all
    /// give `omeryilmaz`). A name with no Latin letter or digit folds to itself in lower case.
    package static func folded(_ name: String) -> String {
        let words = asciiWords(name)
        return words.isEmpty ? canonical(name).lowercased() : words.filter { $0 != "-" }
    }

    /// Accents dropped, letters and digits kept in lower case, every run of anything else one dash.
    private static func asciiWords(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var part = ""
        for scalar in folded.unicodeScalars {
            if let spelled = Self.latinLetters[scalar] {
                part += spelled
            } else if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                part.unicodeScalars.append(scalar)
            } else if !part.isEmpty, !part.hasSuffix("-") {
                part += "-"
            }
        }
        while part.hasSuffix("-") { part.removeLast() }
        return part
    }
}
