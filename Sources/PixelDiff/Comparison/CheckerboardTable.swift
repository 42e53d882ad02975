/// pixelmatch 7's checkerboard (`Checkerboard.background(atPixel:)`) looked up instead of
/// computed: one byte a pixel (`Checkerboard.backdrop(atPixel:)`; red is always dark), made
/// for an image size once a second comparison of that size asks for it, and shared by every later
/// comparison of that size, so a differing pixel's background costs no divisions. A single pair
/// (pair mode, most snapshot tests) computes its few backgrounds directly instead of paying for a
/// table of every pixel. The bytes come from `Checkerboard` itself, so the backgrounds are the
/// same bit for bit.
final class CheckerboardTable: Sendable {
    /// Images up to this many pixels get a table (a byte a pixel); larger ones compute the
    /// background per pixel.
    static let maximumPixels = 1 << 22
    /// Tables kept at once (a suite of a few image sizes), at most 16 MiB in all.
    static let cachedSizes = 4

    private let shades: [UInt8]

    /// The table of an image of `pixelCount` pixels.
    init(pixelCount: Int) {
        shades = (0..<pixelCount).map { UInt8(Checkerboard.backdrop(atPixel: $0)) }
    }

    /// The shared table for images of `pixelCount` pixels; `nil` above `maximumPixels` and the
    /// first time a size is asked for.
    static func shared(pixelCount: Int) -> CheckerboardTable? {
        guard pixelCount <= maximumPixels else { return nil }
        let (askedBefore, stored) = lock.withLock {
            guard seen.contains(pixelCount) else {
                if seen.count >= 64 * cachedSizes { seen.removeAll() }
                seen.append(pixelCount)
                return (false, nil as CheckerboardTable?)
            }
            return (true, tables[pixelCount])
        }
        if let stored { return stored }
        guard askedBefore else { return nil }
        // Made outside the lock, so other sizes are not held up; the first one stored wins.
        let table = CheckerboardTable(pixelCount: pixelCount)
        return lock.withLock {
            if let stored = tables[pixelCount] { return stored }
            if tables.count >= cachedSizes { tables.removeAll() }
            tables[pixelCount] = table
            return table
        }
    }

    /// `Checkerboard.backdrop(atPixel:)` of pixel `index`.
    @inline(__always)
    func backdrop(atPixel index: Int) -> Int {
        Int(shades[index])
    }

    /// The background under pixel `index`, as `Checkerboard.background(atPixel:)` gives it.
    @inline(__always)
    func background(atPixel index: Int) -> (red: Int, green: Int, blue: Int) {
        Checkerboard.background(ofBackdrop: Int(shades[index]))
    }

    /// Guards `tables` and `seen`.
    private static let lock = ThreadLock()
    /// Only touched holding `lock`.
    nonisolated(unsafe) private static var tables: [Int: CheckerboardTable] = [:]
    /// The sizes asked for once, whose next comparison gets a table: a short list, searched in
    /// order, so a single comparison builds no hash table. Only touched holding `lock`.
    nonisolated(unsafe) private static var seen: [Int] = []
}
