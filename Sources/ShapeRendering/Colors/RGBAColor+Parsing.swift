extension RGBAColor {
    /// Reads a colour as a user types it: a UIKit name the tutorial used (`brown`, `orange`,
    /// `gray`, ...), any CSS name (`steelblue`, `transparent`), or a hex code `#RGB`, `#RGBA`,
    /// `#RRGGBB` or `#RRGGBBAA`. Names are case-insensitive; UIKit's values win where the two
    /// disagree.
    public init(parsing text: String) throws(ColorParseError) {
        let trimmed = text.trimmingWhitespace()
        let name = trimmed.lowercased()
        if let color = Self.uiKitNamedColors[name] ?? Self.cssNamedColors[name] {
            self = color
        } else if let color = Self.hexColor(trimmed) {
            self = color
        } else {
            throw .unknown(text)
        }
    }

    private static func hexColor(_ text: String) -> RGBAColor? {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.dropFirst())
        guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
        let expanded: [Character]
        switch digits.count {
        case 3, 4: expanded = digits.flatMap { [$0, $0] }
        case 6, 8: expanded = digits
        default: return nil
        }
        var bytes = [UInt8]()
        for index in stride(from: 0, to: expanded.count, by: 2) {
            guard let byte = UInt8(String(expanded[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return RGBAColor(red8: bytes[0], green8: bytes[1], blue8: bytes[2], alpha8: bytes.count == 4 ? bytes[3] : 255)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
