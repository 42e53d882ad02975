import Foundation
import PixelDiff
import Testing

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

    /// The C library's `printf` rounding, which the front uses without Foundation, words every
    /// ratio as Foundation's `String(format:)` did before: checked on ratios of every magnitude
    /// from a fixed seed, counts out of image-sized totals included.
    @Test func printfWordsARatioAsFoundationDid() {
        var generator = SplitMix64(seed: 46)
        for _ in 0..<20_000 {
            let total = Int(generator.next() % 400_000_000) + 1
            let different = Int(generator.next() % UInt64(total + 1))
            let scaled = different / max(1, Int(generator.next() % 100_000))
            for ratio in [Double(different) / Double(total), Double(scaled) / Double(total)] {
                #expect(Percentage.text(ratio) == Self.foundationText(ratio), "\(ratio)")
            }
        }
    }

    /// The wording as it was written with Foundation.
    private static func foundationText(_ ratio: Double) -> String {
        let percent = ratio * 100
        let hundredths = (ratio * 10_000).rounded() / 100
        func decimals(_ value: Double) -> Int32 { Int32(-(log10(value * (1 + 1e-5))).rounded(.down)) + 1 }
        if percent > 0, percent < 0.1 {
            return String(format: "%.*f%%", decimals(percent), percent)
        }
        if percent < 100, hundredths == 100 {
            return String(format: "%.*f%%", decimals(100 - percent), percent)
        }
        return "\(hundredths)%"
    }
}

/// A small seeded generator, so the sample is the same on every run.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
