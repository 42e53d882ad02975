import Testing

@testable import ShapeGame

@Suite("Per-turn random streams")
struct RandomStreamTests {
    @Test func mixIsSplitMix64() {
        // Vigna's SplitMix64 started at 1234567 first returns 6457827717110365317.
        #expect(RandomStream.mix(1_234_567 &+ 0x9E37_79B9_7F4A_7C15) == 6_457_827_717_110_365_317)
    }

    @Test func streamsFollowTheDocumentedDerivation() {
        // Computed independently from the formula in RandomStream's documentation.
        var zero = RandomStream(seed: 0, turn: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        var seven = RandomStream(seed: 7, turn: 2)
        #expect(seven.next() == 0x8085_3B1F_0E8F_ECB8)
        var largest = RandomStream(seed: .max, turn: 1_000_000)
        #expect(largest.nextUnit() == 0.7159304645317198)
    }

    /// Turn 17's draws are the same whether it is made alone, after other turns, or interleaved
    /// with them, and they are the documented derivation's, so a stream that kept shared state
    /// (a global generator, a counter, the system's randomness) would fail here.
    @Test func aTurnsStreamDependsOnlyOnSeedAndTurn() {
        var alone = RandomStream(seed: 99, turn: 17)
        let expected = (0..<100).map { _ in alone.next() }
        #expect(expected[0] == Self.documentedFirstDraw(seed: 99, turn: 17))

        var others = (1...16).map { RandomStream(seed: 99, turn: $0) }
        for index in others.indices {
            _ = others[index].next()
        }
        var interleaved = RandomStream(seed: 99, turn: 17)
        var draws: [UInt64] = []
        for round in 0..<100 {
            draws.append(interleaved.next())
            _ = others[round % others.count].next()
        }
        #expect(draws == expected)
        var otherSeed = RandomStream(seed: 98, turn: 17)
        var otherTurn = RandomStream(seed: 99, turn: 18)
        #expect(otherSeed.next() != expected[0])
        #expect(otherTurn.next() != expected[0])
    }

    /// The first draw of a stream, computed from RandomStream's documentation, not its code.
    static func documentedFirstDraw(seed: UInt64, turn: Int) -> UInt64 {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return mix(mix(mix(seed) &+ UInt64(turn)) &+ 0x9E37_79B9_7F4A_7C15)
    }

    @Test func neighbouringTurnsAndSeedsDiffer() {
        let firsts = (0..<1000).map { turn -> UInt64 in
            var stream = RandomStream(seed: 5, turn: turn)
            return stream.next()
        }
        #expect(Set(firsts).count == 1000)
        var a = RandomStream(seed: 1, turn: 1)
        var b = RandomStream(seed: 2, turn: 1)
        #expect(a.next() != b.next())
        // A turn's second draw is not the next turn's first, as a plain SplitMix64 offset would make it.
        var turnOne = RandomStream(seed: 5, turn: 1)
        _ = turnOne.next()
        #expect(turnOne.next() != firsts[2])
    }

    @Test func unitsAreInZeroToOneAndSpread() {
        var stream = RandomStream(seed: 3, turn: 3)
        let units = (0..<20_000).map { _ in stream.nextUnit() }
        #expect(units.allSatisfy { $0 >= 0 && $0 < 1 })
        let mean = units.reduce(0, +) / Double(units.count)
        #expect(abs(mean - 0.5) < 0.01)
        let lowHalf = units.filter { $0 < 0.5 }.count
        #expect((9_700...10_300).contains(lowHalf))
    }

    @Test func indicesCoverTheirRange() {
        var stream = RandomStream(seed: 11, turn: 4)
        var counts = [0, 0, 0]
        for _ in 0..<30_000 {
            counts[stream.nextIndex(below: 3)] += 1
        }
        #expect(counts.allSatisfy { (9_600...10_400).contains($0) })
    }
}
