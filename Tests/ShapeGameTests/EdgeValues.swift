import ShapeGame

/// Values at the edges of `Int` and `Double` and a seeded spread between them, for tests that
/// every public entry point returns or throws on any value its types allow.
enum EdgeValues {
    /// The ends of `Int`, the numbers around 0 and 1, and 200 draws over all 64 bits.
    static let ints: [Int] = {
        var random = RandomStream(seed: 0xED6E, turn: 1)
        let edges = [
            Int.min, Int.min + 1, -1_000_000_000, -11, -10, -1, 0, 1, 2, 9, 10, 11, 10_000_000, Int.max - 1, Int.max,
        ]
        return edges + (0..<200).map { _ in Int(truncatingIfNeeded: random.next()) }
    }()

    /// NaN, the infinities, both zeros, the smallest and largest magnitudes, numbers around 0
    /// and 1, and 200 doubles made from random bit patterns (NaNs with payloads among them).
    static let doubles: [Double] = {
        var random = RandomStream(seed: 0xED6E, turn: 2)
        let edges: [Double] = [
            .nan, .signalingNaN, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300,
            -1, 0.5, 1, 1.0.nextUp, 1.0.nextDown, 2, 1e-300,
        ]
        return edges + (0..<200).map { _ in Double(bitPattern: random.next()) }
    }()
}
