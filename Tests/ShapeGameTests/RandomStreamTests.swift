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

    @Test func aTurnsStreamDependsOnlyOnSeedAndTurn() {
        var early = RandomStream(seed: 99, turn: 17)
        _ = RandomStream(seed: 99, turn: 16)
        var late = RandomStream(seed: 99, turn: 17)
        #expect((0..<100).map { _ in early.next() } == (0..<100).map { _ in late.next() })
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
