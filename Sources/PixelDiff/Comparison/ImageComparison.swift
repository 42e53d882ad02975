#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Compares two images pixel by pixel with pixelmatch's semantics (mapbox/pixelmatch 7.2.0):
/// a pixel differs when the YIQ distance of its colours (semi-transparent pixels blended onto a
/// checkerboard) is above the threshold and it is not anti-aliasing. The counts and diff images
/// equal pixelmatch's for the same RGBA, which `RGBAImage(pngBytes:)` decodes as pixelmatch's
/// own decoder does; `PixelmatchOptions` selects pixelmatch 5/6's white blending or main's
/// OKLab metric instead.
///
/// Images of different sizes are not compared pixel by pixel: the result says so
/// (`sizesMatch` false) rather than failing. Pixels inside `options.masks` are never counted.
public struct ImageComparison: Sendable {
    /// The options every comparison uses.
    package let options: PixelmatchOptions

    /// A comparison with `options`; throws when an option is out of range.
    public init(options: PixelmatchOptions = PixelmatchOptions()) throws(ComparisonError) {
        try options.validate()
        self.options = options
    }

    /// Compares `actual` with `expected`; with `drawingDiff`, also draws pixelmatch's diff image
    /// (over the expected image) when the sizes match.
    public func compare(_ expected: RGBAImage, _ actual: RGBAImage, drawingDiff: Bool = false) -> ComparisonResult {
        expected.pixels.withUnsafeBufferPointer { first in
            actual.pixels.withUnsafeBufferPointer { second in
                // Each image holds exactly its pixel count, so there is always a result.
                compare(
                    first, size: ImageSize(width: expected.width, height: expected.height), second,
                    size: ImageSize(width: actual.width, height: actual.height), drawingDiff: drawingDiff)
                    ?? .sizeMismatch(expected: ImageSize(width: 0, height: 0), actual: ImageSize(width: 0, height: 0))
            }
        }
    }

    /// Compares images held in memory the caller owns: the first `size.pixelCount` packed pixels
    /// of each buffer. As `compare(_:_:drawingDiff:)` otherwise; `nil` when a buffer is shorter
    /// than its size.
    package func compare(
        _ expected: UnsafeBufferPointer<UInt32>, size expectedSize: ImageSize, _ actual: UnsafeBufferPointer<UInt32>,
        size actualSize: ImageSize, drawingDiff: Bool = false
    ) -> ComparisonResult? {
        guard expected.count >= expectedSize.pixelCount, actual.count >= actualSize.pixelCount else { return nil }
        guard expectedSize == actualSize else {
            return .sizeMismatch(expected: expectedSize, actual: actualSize)
        }
        let count = expectedSize.pixelCount
        let expected = UnsafeBufferPointer(rebasing: expected[0..<count])
        let actual = UnsafeBufferPointer(rebasing: actual[0..<count])
        var counts = ScanCounts()
        var diffPixels = [UInt32]()
        if drawingDiff {
            // The scan writes every pixel of the diff but, with diffMask, those it does not count:
            // only then must the diff start transparent.
            diffPixels = [UInt32](unsafeUninitializedCapacity: count) { output, initialized in
                if options.diffMask { output.initialize(repeating: 0) }
                counts = scan(expected, actual, size: expectedSize, output: output)
                initialized = count
            }
        } else {
            counts = scan(expected, actual, size: expectedSize, output: nil)
        }
        let diffImage = drawingDiff ? RGBAImage(checkedSize: expectedSize, pixels: diffPixels) : nil
        return ComparisonResult(
            expectedSize: expectedSize, actualSize: actualSize, differentPixels: counts.different,
            antiAliasedPixels: counts.antiAliased, totalPixels: count, diffImage: diffImage,
            firstDifferentPixels: counts.first
        )
    }

    /// Images of at least this many pixels are scanned in bands of rows on all cores. A smaller
    /// image is scanned in well under a millisecond, less than a new thread may wait for a
    /// processor.
    static let parallelPixelCount = 1 << 20

    /// How many of the first counted differences a result names (`firstDifferentPixels`).
    static let firstDifferencesKept = 3

    /// What a scan of some rows found: the counts, and the indices of its first counted
    /// differences in row order.
    struct ScanCounts {
        var different = 0
        var antiAliased = 0
        var first: [Int] = []

        /// These counts followed by those of the rows after them.
        func followed(by later: ScanCounts) -> ScanCounts {
            ScanCounts(
                different: different + later.different, antiAliased: antiAliased + later.antiAliased,
                first: Array((first + later.first).prefix(ImageComparison.firstDifferencesKept)))
        }
    }

    /// pixelmatch's main loop with the arithmetic of the version the options select.
    private func scan(
        _ first: UnsafeBufferPointer<UInt32>, _ second: UnsafeBufferPointer<UInt32>,
        size: ImageSize, output: UnsafeMutableBufferPointer<UInt32>?
    ) -> ScanCounts {
        switch (options.metric, options.checkerboard) {
        case (.yiq, true):
            let rule = CheckerboardYIQRule(
                maxDelta: 35215 * options.threshold * options.threshold,
                table: CheckerboardTable.shared(pixelCount: size.pixelCount))
            return scan(first, second, size: size, output: output, rule: rule)
        case (.yiq, false):
            let rule = WhiteYIQRule(maxDelta: 35215 * options.threshold * options.threshold)
            return scan(first, second, size: size, output: output, rule: rule)
        case (.oklab, let checkerboard):
            let rule = OKLabRule(threshold: options.threshold, checkerboard: checkerboard)
            return scan(first, second, size: size, output: output, rule: rule)
        }
    }

    /// pixelmatch's main loop; `output`, when given, receives the diff image. Each pixel's
    /// verdict depends only on the two (read-only) images, so bands of rows can be scanned at
    /// once and their counts added.
    private func scan<Rule: PixelRule>(
        _ first: UnsafeBufferPointer<UInt32>, _ second: UnsafeBufferPointer<UInt32>,
        size: ImageSize, output: UnsafeMutableBufferPointer<UInt32>?, rule: Rule
    ) -> ScanCounts {
        if Self.identical(first, second) {
            if let output, !options.diffMask {
                var faded = (pixel: first.isEmpty ? 0 : ~first[0], grey: UInt32(0))
                for index in 0..<first.count {
                    if first[index] != faded.pixel {
                        faded = (first[index], rule.fadedPixel(first[index], alpha: options.diffAlpha))
                    }
                    output[index] = faded.grey
                }
                drawMasks(size: size, output: output)
            }
            return ScanCounts()
        }
        let bands = size.pixelCount >= Self.parallelPixelCount ? min(size.height, 16) : 1
        var counts = [ScanCounts](repeating: ScanCounts(), count: bands)
        counts.withUnsafeMutableBufferPointer { counts in
            // Shared on purpose: the images are only read, and each band writes its own rows of
            // the diff and its own slot of the counts.
            nonisolated(unsafe) let (first, second, output, counts) = (first, second, output, counts)
            ThreadedWork.perform(iterations: bands) { band in
                let rows = (size.height * band / bands)..<(size.height * (band + 1) / bands)
                counts[band] = scan(rows: rows, first, second, size: size, output: output, rule: rule)
            }
        }
        return counts.reduce(ScanCounts()) { $0.followed(by: $1) }
    }

    /// The main loop over `rows` (`RowScanner`). With `diffMask`, only counted differences are
    /// drawn; the rest of the diff stays transparent.
    private func scan<Rule: PixelRule>(
        rows: Range<Int>, _ first: UnsafeBufferPointer<UInt32>, _ second: UnsafeBufferPointer<UInt32>,
        size: ImageSize, output: UnsafeMutableBufferPointer<UInt32>?, rule: Rule
    ) -> ScanCounts {
        var scanner = RowScanner(first, second, size: size, rule: rule, options: options, output: output)
        for y in rows {
            scanner.scan(row: y, masked: maskedColumns(onRow: y, width: size.width))
        }
        return scanner.counts
    }

    /// The masks' columns on row `row`, clipped to the image.
    private func maskedColumns(onRow row: Int, width: Int) -> [Range<Int>] {
        options.masks.isEmpty ? [] : options.masks.compactMap { $0.columns(onRow: row, imageWidth: width) }
    }

    private func drawMasks(size: ImageSize, output: UnsafeMutableBufferPointer<UInt32>) {
        let maskColor = options.maskColor.packed
        for y in 0..<size.height {
            for columns in maskedColumns(onRow: y, width: size.width) {
                for x in columns {
                    output[y * size.width + x] = maskColor
                }
            }
        }
    }

    private static func identical(_ first: UnsafeBufferPointer<UInt32>, _ second: UnsafeBufferPointer<UInt32>) -> Bool {
        guard first.count == second.count else { return false }
        guard let firstBase = first.baseAddress, let secondBase = second.baseAddress else { return true }
        return memcmp(firstBase, secondBase, first.count * MemoryLayout<UInt32>.stride) == 0
    }
}
