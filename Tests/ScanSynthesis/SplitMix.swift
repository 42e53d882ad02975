/// SplitMix64: the synthetic scans' seeded random numbers.
package struct SplitMix: Sendable {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `low..<high`.
    package mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// About standard normal, cheaply: the sum of four uniforms, centred and scaled (Irwin–Hall).
    package mutating func normal() -> Double {
        let sum = Double(next() >> 48) + Double(next() >> 48) + Double(next() >> 48) + Double(next() >> 48)
        return (sum / 65536 - 2) * 3.0.squareRoot()
    }

    package mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }
}
