#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// pixelmatch's main loop over some rows of two images of one size, with the counts it keeps.
///
/// Every pixel gets pixelmatch's verdict, and the counts and diff pixels are pixelmatch's, but
/// the work is arranged for rendered images, which are mostly runs of one colour:
/// - inside the image, four pixels are read at once, and four equal in both images are passed
///   over together;
/// - the colour difference of two pixels depends only on them and on the backdrop under them
///   (one of four below 868 million pixels, of nine above), so the last pair's verdicts are kept:
///   a run of the same two colours is judged once per backdrop, and four pixels of one colour in
///   each image get one verdict when it is the same on every backdrop the image has;
/// - a differing pixel with three or more equal neighbours in both images is not
///   anti-aliasing (pixelmatch's first test), which is counted for four pixels at once before
///   the full anti-aliasing test is asked of the others.
struct RowScanner<Rule: PixelRule> {
    let first: UnsafeBufferPointer<UInt32>
    let second: UnsafeBufferPointer<UInt32>
    let size: ImageSize
    let rule: Rule
    let options: PixelmatchOptions
    /// The diff image, when one is drawn.
    let output: UnsafeMutableBufferPointer<UInt32>?

    private(set) var counts = ImageComparison.ScanCounts()

    private let detector: AntiAliasingDetector
    private let differenceColor: UInt32
    private let darkerDifferenceColor: UInt32
    private let antiAliasedColor: UInt32
    private let maskColor: UInt32
    /// Where unchanged and anti-aliased pixels are drawn: the diff, unless only counted
    /// differences are (`diffMask`).
    private let background: UnsafeMutableBufferPointer<UInt32>?
    /// The last pixel whose faded grey was worked out, and that grey.
    private var faded: (pixel: UInt32, grey: UInt32)
    /// The last pair of different pixels judged (`first << 32 | second`; 0, two equal pixels,
    /// is never asked for) and the rule's verdicts on them: two bits per backdrop, the
    /// difference plus 2, or 0 when not judged on that backdrop yet.
    private var judged: (pair: UInt64, verdicts: UInt32) = (0, 0)
    /// The backdrops under this image's pixels, a bit each (`PixelRule.backdrops(pixelCount:)`).
    private let backdrops: UInt16

    init(
        _ first: UnsafeBufferPointer<UInt32>, _ second: UnsafeBufferPointer<UInt32>, size: ImageSize,
        rule: Rule, options: PixelmatchOptions, output: UnsafeMutableBufferPointer<UInt32>?
    ) {
        self.first = first
        self.second = second
        self.size = size
        self.rule = rule
        self.options = options
        self.output = output
        detector = AntiAliasingDetector(width: size.width, height: size.height)
        differenceColor = options.differenceColor.packed
        darkerDifferenceColor = (options.darkerDifferenceColor ?? options.differenceColor).packed
        antiAliasedColor = options.antiAliasedColor.packed
        maskColor = options.maskColor.packed
        background = options.diffMask ? nil : output
        backdrops = rule.backdrops(pixelCount: size.pixelCount)
        faded = (pixel: first.isEmpty ? 0 : ~first[0], grey: 0)
    }

    /// Scans row `y`, whose pixels outside `masked` are compared; masked ones are drawn in the
    /// mask colour and never counted.
    mutating func scan(row y: Int, masked: [Range<Int>]) {
        let start = y * size.width
        guard masked.isEmpty else {
            for x in 0..<size.width {
                if masked.contains(where: { $0.contains(x) }) {
                    output?[start + x] = maskColor
                } else {
                    visit(x: x, y: y)
                }
            }
            return
        }
        guard let firstBase = first.baseAddress, let secondBase = second.baseAddress else { return }
        // A row equal in both images (memcmp) has no difference to look for.
        if memcmp(firstBase + start, secondBase + start, size.width * MemoryLayout<UInt32>.stride) == 0 {
            if let background {
                for index in start..<(start + size.width) { background[index] = fadedPixel(first[index]) }
            }
            return
        }
        guard y > 0, y < size.height - 1 else {
            for x in 0..<size.width { visit(x: x, y: y) }
            return
        }
        // Columns 1 to width - 2 in blocks of four, whose 3×3 neighbourhoods lie inside the image.
        visit(x: 0, y: y)
        var x = 1
        while x + Self.lanes < size.width {
            visitBlock(x: x, y: y, firstBase: firstBase, secondBase: secondBase)
            x += Self.lanes
        }
        while x < size.width {
            visit(x: x, y: y)
            x += 1
        }
    }

    private static var lanes: Int { 4 }

    /// Pixels `x` to `x + 3` of row `y`, all with their eight neighbours inside the image.
    @inline(__always)
    private mutating func visitBlock(
        x: Int, y: Int, firstBase: UnsafePointer<UInt32>, secondBase: UnsafePointer<UInt32>
    ) {
        let index = y * size.width + x
        let equal = Self.block(firstBase, index) .== Self.block(secondBase, index)
        if all(equal) {
            if let background {
                for lane in 0..<Self.lanes { background[index + lane] = fadedPixel(first[index + lane]) }
            }
            return
        }
        // A bit for each lane with three or more equal neighbours in both images, counted once
        // a lane needs it.
        var flat: Int?
        // Four lanes of one colour in each image (inside a shape): one verdict for all, when it
        // is the same on every backdrop.
        let (one, two) = (first[index], second[index])
        if all(Self.block(firstBase, index) .== SIMD4(repeating: one)),
            all(Self.block(secondBase, index) .== SIMD4(repeating: two)),
            let difference = differenceOnEveryBackdrop(one, two)
        {
            if difference == 0 {
                if let background {
                    let grey = fadedPixel(one)
                    for lane in 0..<Self.lanes { background[index + lane] = grey }
                }
                return
            }
            let lanes = options.includeAntiAliased ? 0b1111 : flatLanes(firstBase, secondBase, index)
            if lanes == 0b1111 {
                for lane in 0..<Self.lanes { different(at: index + lane, difference: difference) }
                return
            }
            flat = lanes
        }
        for lane in 0..<Self.lanes {
            let pixel = index + lane
            let difference = equal[lane] ? 0 : difference(at: pixel)
            if difference == 0 {
                if let background { background[pixel] = fadedPixel(first[pixel]) }
                continue
            }
            if !options.includeAntiAliased {
                let lanes = flat ?? flatLanes(firstBase, secondBase, index)
                flat = lanes
                if lanes >> lane & 1 == 0 && isAntiAliased(x: x + lane, y: y) {
                    antiAliased(at: pixel)
                    continue
                }
            }
            different(at: pixel, difference: difference)
        }
    }

    /// A bit for each of the four pixels from `index` on (lane 0 the lowest) that has three or
    /// more neighbours of exactly its RGBA in both images, and so is not anti-aliasing.
    @inline(__always)
    private func flatLanes(_ firstBase: UnsafePointer<UInt32>, _ secondBase: UnsafePointer<UInt32>, _ index: Int) -> Int
    {
        Self.bits(siblingCounts(firstBase, index) .> 2 .& siblingCounts(secondBase, index) .> 2)
    }

    /// A bit for each true lane of `mask`, lane 0 the lowest.
    @inline(__always)
    private static func bits(_ mask: SIMDMask<SIMD4<Int32>>) -> Int {
        (mask[0] ? 1 : 0) | (mask[1] ? 2 : 0) | (mask[2] ? 4 : 0) | (mask[3] ? 8 : 0)
    }

    /// One pixel, with pixelmatch's tests in its order.
    @inline(__always)
    private mutating func visit(x: Int, y: Int) {
        let index = y * size.width + x
        let difference = first[index] == second[index] ? 0 : difference(at: index)
        if difference == 0 {
            if let background { background[index] = fadedPixel(first[index]) }
        } else if !options.includeAntiAliased && isAntiAliased(x: x, y: y) {
            antiAliased(at: index)
        } else {
            different(at: index, difference: difference)
        }
    }

    @inline(__always)
    private func isAntiAliased(x: Int, y: Int) -> Bool {
        detector.isAntiAliased(first, x: x, y: y, other: second, rule: rule)
            || detector.isAntiAliased(second, x: x, y: y, other: first, rule: rule)
    }

    @inline(__always)
    private mutating func antiAliased(at index: Int) {
        counts.antiAliased += 1
        background?[index] = antiAliasedColor
    }

    @inline(__always)
    private mutating func different(at index: Int, difference: Int) {
        counts.different += 1
        if counts.first.count < ImageComparison.firstDifferencesKept { counts.first.append(index) }
        output?[index] = difference < 0 ? darkerDifferenceColor : differenceColor
    }

    /// The rule's verdict on the different pixels at `index`, from the last pair's verdicts when
    /// the pixels are the same two and the backdrop was met with them before.
    @inline(__always)
    private mutating func difference(at index: Int) -> Int {
        let (one, two) = (first[index], second[index])
        keepVerdicts(of: one, two)
        // Two opaque pixels are judged alike on every backdrop.
        return verdict(one, two, backdrop: (one & two) >> 24 == 255 ? 0 : rule.backdrop(atPixel: index))
    }

    /// Makes `judged` hold the verdicts on `one` and `two`: those already worked out when they
    /// are the last pair judged, none otherwise.
    @inline(__always)
    private mutating func keepVerdicts(of one: UInt32, _ two: UInt32) {
        let pair = UInt64(one) << 32 | UInt64(two)
        if pair != judged.pair { judged = (pair, 0) }
    }

    /// The verdict on `one` and `two` on `backdrop`, kept in `judged`, whose pair they are.
    @inline(__always)
    private mutating func verdict(_ one: UInt32, _ two: UInt32, backdrop: Int) -> Int {
        let shift = UInt32(truncatingIfNeeded: backdrop &* 2)
        let stored = judged.verdicts >> shift & 0b11
        if stored != 0 { return Int(stored) - 2 }
        let difference = rule.difference(one, two, backdrop: backdrop)
        judged.verdicts |= UInt32(truncatingIfNeeded: difference + 2) << shift
        return difference
    }

    /// The verdict on the different pixels `one` and `two` wherever they meet, or `nil` when it
    /// depends on the backdrop. Without a diff image only whether they differ counts, not which
    /// is the darker. Worked out for every backdrop the image has, which pays for a run of the
    /// two.
    @inline(__always)
    private mutating func differenceOnEveryBackdrop(_ one: UInt32, _ two: UInt32) -> Int? {
        keepVerdicts(of: one, two)
        let onFirst = verdict(one, two, backdrop: 0)
        if (one & two) >> 24 == 255 { return onFirst }
        var others = backdrops & ~1
        while others != 0 {
            let other = verdict(one, two, backdrop: others.trailingZeroBitCount)
            others &= others - 1
            if other != onFirst && (output != nil || other == 0 || onFirst == 0) { return nil }
        }
        return onFirst
    }

    /// The diff's grey for an unchanged `pixel`; a rendered image is mostly runs of one pixel,
    /// so the last one worked out is kept.
    @inline(__always)
    private mutating func fadedPixel(_ pixel: UInt32) -> UInt32 {
        if pixel != faded.pixel { faded = (pixel, rule.fadedPixel(pixel, alpha: options.diffAlpha)) }
        return faded.grey
    }

    /// How many of each of the four pixels from `index` on have their exact RGBA among their
    /// eight neighbours.
    @inline(__always)
    private func siblingCounts(_ image: UnsafePointer<UInt32>, _ index: Int) -> SIMD4<Int32> {
        let (above, below) = (index - size.width, index + size.width)
        let centre = Self.block(image, index)
        @inline(__always) func equal(_ neighbour: Int) -> SIMD4<Int32> {
            SIMD4<Int32>.zero.replacing(with: 1, where: Self.block(image, neighbour) .== centre)
        }
        var count = equal(above - 1) &+ equal(above) &+ equal(above + 1)
        count &+= equal(index - 1) &+ equal(index + 1)
        count &+= equal(below - 1) &+ equal(below) &+ equal(below + 1)
        return count
    }

    @inline(__always)
    private static func block(_ image: UnsafePointer<UInt32>, _ index: Int) -> SIMD4<UInt32> {
        UnsafeRawPointer(image + index).loadUnaligned(as: SIMD4<UInt32>.self)
    }
}
