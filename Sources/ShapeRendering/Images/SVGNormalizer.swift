/// Makes Cairo's SVG output depend only on what was drawn.
///
/// Cairo names the elements of an SVG document after counters, some of them shared by the whole
/// process: surfaces (`id="surface7"`), images, patterns, gradients, masks, clip paths and the
/// glyphs of text (`id="glyph0-1"`, font 0, glyph 1). So the same drawing can get different bytes
/// depending on what the process drew before. The normalizer renumbers every such id from 1,
/// each kind on its own, in order of first appearance; only the first number of a glyph id (its
/// font) is renumbered, the glyph's number within the font is kept.
///
/// An id is recognised where it is named: right after `"` (`id="clip3"`) or `#`
/// (`url(#clip3)`, `xlink:href="#glyph0-1"`).
enum SVGNormalizer {
    /// The names Cairo 1.16 gives numbered elements.
    static let prefixes = ["surface", "glyph", "clip", "image", "pattern", "linear", "radial", "mask"].map {
        Array($0.utf8)
    }

    static func normalize(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var renumbered = [[UInt8]: [ArraySlice<UInt8>: Int]]()
        var index = 0
        while index < bytes.count {
            let startsName =
                index > 0 && (bytes[index - 1] == UInt8(ascii: "\"") || bytes[index - 1] == UInt8(ascii: "#"))
            if startsName, let prefix = prefixes.first(where: { bytes[index...].starts(with: $0) }) {
                let digitsStart = index + prefix.count
                var end = digitsStart
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                    end += 1
                }
                if end > digitsStart {
                    let number = bytes[digitsStart..<end]
                    var numbers = renumbered[prefix, default: [:]]
                    let replacement = numbers[number] ?? numbers.count + 1
                    numbers[number] = replacement
                    renumbered[prefix] = numbers
                    output.append(contentsOf: prefix)
                    output.append(contentsOf: Array(String(replacement).utf8))
                    index = end
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }
}
