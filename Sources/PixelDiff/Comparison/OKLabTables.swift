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
    /// (A checkerboard channel goes negative only in images past 2²⁹ pixels, where pixelmatch
    /// reads outside its table; here it is held at byte 0.)
    @inline(__always)
    static func linear(_ channel: Double) -> Double {
        let index = max(Int(channel), 0)
        return linear[index] + (linear[index + 1] - linear[index]) * (channel - Double(index))
    }

    /// The cube root of `value` from 0 to 1, interpolated in the table.
    @inline(__always)
    static func cubeRoot(_ value: Double) -> Double {
        let scaled = value * cubeRootSteps
        let index = Int(scaled)
        return cubeRoots[index] + (cubeRoots[index + 1] - cubeRoots[index]) * (scaled - Double(index))
    }
}
