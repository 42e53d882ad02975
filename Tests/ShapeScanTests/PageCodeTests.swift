import ShapeRendering
import Testing

struct PageCodeTests {
    @Test(arguments: [("K7QX-M2PD", 1, 2, 4), ("0000-0001", 16_383, 6, 10), ("ZZZZ-ZZZZ", 3, 1, 1)])
    func roundTrips(code: String, page: Int, columns: Int, rows: Int) throws {
        let original = PageCode(sheetCode: code, page: page, columns: columns, rows: rows)
        let bits = try #require(original.bits)
        #expect(bits.count == PageCode.bitCount)
        #expect(PageCode(bits: bits) == original)
    }

    /// Any one bit misread is caught by the checksum: the page is not read rather than misread.
    @Test(arguments: 0..<PageCode.bitCount)
    func oneFlippedBitIsRejected(bit: Int) throws {
        var bits = try #require(PageCode(sheetCode: "K7QX-M2PD", page: 2, columns: 2, rows: 4).bits)
        bits[bit].toggle()
        #expect(PageCode(bits: bits) == nil)
    }

    @Test func refusesWhatDoesNotFit() {
        #expect(PageCode(sheetCode: "K7QX-M2P", page: 1, columns: 2, rows: 4).bits == nil)
        #expect(PageCode(sheetCode: "K7QX-M2PU", page: 1, columns: 2, rows: 4).bits == nil)
        #expect(PageCode(sheetCode: "K7QX-M2PD", page: 0, columns: 2, rows: 4).bits == nil)
        #expect(PageCode(bits: Array(repeating: false, count: 80)) == nil)
    }
}
