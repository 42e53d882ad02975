/// What the bit squares at the foot of a worksheet page say: the sheet's code, the page's number
/// within the sheet, and the page grid, with a checksum, so a scanned page can be matched to its
/// sheet and its boxes found without reading any text.
///
/// 80 bits, the most significant first: the sheet code's 40 bits (its eight Crockford base-32
/// characters), the page number (14 bits, 1 to 16,383), the columns (3 bits) and rows (4 bits)
/// of the grid, a format version (3 bits, 1), and CRC-16/CCITT-FALSE over the eight bytes before
/// it. A page whose squares do not check out is not read at all.
package struct PageCode: Sendable, Equatable, Hashable {
    package static let bitCount = 80
    package static let version = 1
    /// Crockford's base 32, as `SheetCode` writes a code.
    package static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// The sheet code as printed, `K7QX-M2PD`.
    package let sheetCode: String
    /// The page within the sheet, 1-based.
    package let page: Int
    package let columns: Int
    package let rows: Int

    package init(sheetCode: String, page: Int, columns: Int, rows: Int) {
        self.sheetCode = sheetCode
        self.page = page
        self.columns = columns
        self.rows = rows
    }

    /// The bits to print; `nil` when the code is not eight base-32 characters or a number does
    /// not fit its field.
    package var bits: [Bool]? {
        let characters = Array(sheetCode.uppercased().filter { $0 != "-" })
        guard characters.count == 8, (1..<(1 << 14)).contains(page), (0..<8).contains(columns),
            (0..<16).contains(rows)
        else { return nil }
        var value: UInt64 = 0
        for character in characters {
            guard let digit = Self.alphabet.firstIndex(of: character) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        value = value << 14 | UInt64(page)
        value = value << 3 | UInt64(columns)
        value = value << 4 | UInt64(rows)
        value = value << 3 | UInt64(Self.version)
        let crc = Self.crc16(value)
        return (0..<64).map { value >> UInt64(63 - $0) & 1 == 1 } + (0..<16).map { crc >> UInt16(15 - $0) & 1 == 1 }
    }

    /// The code `bits` spell; `nil` unless there are 80, the checksum holds and the version is known.
    package init?(bits: [Bool]) {
        guard bits.count == Self.bitCount else { return nil }
        let value = bits[0..<64].reduce(UInt64(0)) { $0 << 1 | ($1 ? 1 : 0) }
        let crc = bits[64..<80].reduce(UInt16(0)) { $0 << 1 | ($1 ? 1 : 0) }
        guard crc == Self.crc16(value), value & 7 == UInt64(Self.version) else { return nil }
        rows = Int(value >> 3 & 15)
        columns = Int(value >> 7 & 7)
        page = Int(value >> 10 & 0x3FFF)
        var code = value >> 24
        var characters: [Character] = []
        for _ in 0..<8 {
            characters.append(Self.alphabet[Int(code & 31)])
            code >>= 5
        }
        let text = String(characters.reversed())
        sheetCode = "\(text.prefix(4))-\(text.suffix(4))"
        guard page >= 1 else { return nil }
    }

    /// CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) of `value`'s eight bytes, big-endian.
    static func crc16(_ value: UInt64) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        for shift in stride(from: 56, through: 0, by: -8) {
            crc ^= UInt16(value >> UInt64(shift) & 0xFF) << 8
            for _ in 0..<8 {
                crc = crc & 0x8000 != 0 ? crc << 1 ^ 0x1021 : crc << 1
            }
        }
        return crc
    }
}
