/// The lookup tables of pixelmatch main's OKLab metric, with the same interpolation: sRGB to
/// linear light by byte (interpolated for the fractional channels of blended pixels), and the
/// cube root on 0...1 at 4096 steps. The values are the ones Node computes (see
/// `OKLabTables+Values.swift`), so the distances equal pixelmatch's bit for bit.
enum OKLabTables {
    /// Linear light of each sRGB byte, with a 257th entry equal to the 256th for interpolation.
    static let linear: [Double] = linearBits.map(Double.init(bitPattern:)) + [Double(bitPattern: linearBits[255])]

    /// `cbrt(i / 4096)` for i in 0...4097.
    static let cubeRoots: [Double] = cubeRootBits.map(Double.init(bitPattern:))

    static let cubeRootSteps = 4096.0

    /// Linear light of a channel from 0 to 255, fractional values interpolated between bytes.
    /// Where pixelmatch's lookup falls outside its table (`LIN[x | 0]` undefined: a channel blended
    /// onto the -111 of a checkerboard past 868 million pixels) the answer is NaN, as there, and
    /// the pair counts as different, as there.
    @inline(__always)
    static func linear(_ channel: Double) -> Double {
        guard channel > -1, channel < 256 else { return .nan }
        let index = Int(channel)
        return linear[index] + (linear[index + 1] - linear[index]) * (channel - Double(index))
    }

    /// The cube root of `value` from 0 to 1, interpolated in the table; NaN where pixelmatch's
    /// lookup (`CBRT[t | 0]`) falls outside it, or for NaN.
    @inline(__always)
    static func cubeRoot(_ value: Double) -> Double {
        let scaled = value * cubeRootSteps
        guard scaled > -1, scaled < cubeRootSteps + 1 else { return .nan }
        let index = Int(scaled)
        return cubeRoots[index] + (cubeRoots[index + 1] - cubeRoots[index]) * (scaled - Double(index))
    }
}
