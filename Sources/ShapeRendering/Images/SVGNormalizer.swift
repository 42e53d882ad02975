/// Makes Cairo's SVG output depend only on what was drawn.
///
/// Cairo numbers SVG surfaces with a per-process counter (`id="surface7"`), so the same drawing
/// gets different bytes depending on how many surfaces the process made before. The normalizer
/// renumbers those ids from 1 in order of first appearance.
enum SVGNormalizer {
    static func normalize(_ bytes: [UInt8]) -> [UInt8] {
        let prefix = Array("surface".utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var renumbered = [ArraySlice<UInt8>: Int]()
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: prefix) {
                var end = index + prefix.count
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                    end += 1
                }
                if end > index + prefix.count {
                    let number = bytes[(index + prefix.count)..<end]
                    let replacement = renumbered[number] ?? renumbered.count + 1
                    renumbered[number] = replacement
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
