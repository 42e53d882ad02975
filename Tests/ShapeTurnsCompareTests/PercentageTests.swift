import Testing

@testable import ShapeTurnsCompare

/// Ratios read as hundredths of a percent as before, but below 0.1% (where hundredths would
/// read 0.0% or misstate the count) and short of all yet reading 100.0%, two significant digits.
@Suite("Percentages never hide a difference")
struct PercentageTests {
    @Test(arguments: [
        (0, 4096, "0.0%"), (5, 4096, "0.12%"), (12921, 65536, "19.72%"), (1, 2, "50.0%"), (4096, 4096, "100.0%"),
        (6, 11_520_000, "0.000052%"), (15, 230_400, "0.0065%"), (1, 15360, "0.0065%"), (1, 20_001, "0.0050%"),
        (1, 268_435_456, "0.00000037%"), (99_999, 100_000, "99.9990%"), (999_999_999, 1_000_000_000, "99.99999990%"),
        (9_999, 10_000, "99.99%"),
        (1, 1000, "0.1%"), (99, 100_000, "0.099%"),
    ])
    func aRatioReadsWithEnoughDigits(different: Int, total: Int, text: String) {
        #expect(Percentage.text(Double(different) / Double(total)) == text)
    }
}
