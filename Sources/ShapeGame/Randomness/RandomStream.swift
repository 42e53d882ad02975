/// The seedable random numbers of one turn: SplitMix64 started from a state derived from
/// (set seed, turn number).
///
/// The algorithm is fixed and documented so that sets are reproducible across machines and
/// Swift versions (the standard library's own random helpers are not promised to be stable):
///
/// - `mix(z)` is SplitMix64's finaliser:
///   `z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB; z ^ z>>31`.
/// - The stream of turn `t` under seed `s` starts at `state = mix(mix(s) + t)` (wrapping).
/// - Each draw adds `0x9E3779B97F4A7C15` to the state and returns `mix(state)`.
/// - A unit double is the top 53 bits of a draw times 2⁻⁵³, in [0, 1).
///
/// Because a turn's stream depends only on the seed and its own number, turn 17 is the same
/// whether the set has 20 turns or a million, and whatever order turns are made in.
package struct RandomStream: RandomNumberGenerator, Sendable {
    private static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    private var state: UInt64

    package init(seed: UInt64, turn: Int) {
        state = Self.mix(Self.mix(seed) &+ UInt64(truncatingIfNeeded: turn))
    }

    package mutating func next() -> UInt64 {
        state &+= Self.gamma
        return Self.mix(state)
    }

    /// A double uniformly drawn from [0, 1).
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A double uniformly drawn from `range` (its upper bound is reached only when the range is a point).
    package mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// An index uniformly drawn from `0..<count` by multiply-high (bias below count/2⁶⁴); 0 when
    /// `count` is 1 or less. One draw either way, so the stream does not depend on `count`.
    package mutating func nextIndex(below count: Int) -> Int {
        let draw = next()
        guard count > 1 else { return 0 }
        return Int(draw.multipliedFullWidth(by: UInt64(count)).high)
    }

    /// A fair coin.
    package mutating func nextBool() -> Bool {
        next() >> 63 == 1
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
