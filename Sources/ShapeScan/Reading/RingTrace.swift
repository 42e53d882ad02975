import ShapeRendering

/// A ring round a letter too light to be read as the letter circled, told from a photo's grain
/// and shadows by its shape: in each of the three bands round the letter (above, below, right:
/// `PageReader.letterStrokeBands`), a line of samples darker than the paper beyond them (further
/// from the letter) that runs most of the band's length. Grain leaves specks; a shadow or a
/// vignette darkens the paper beyond a band as much as the band; a line along one side of the
/// letter is in one band, not three.
///
/// The paper is looked for beyond the band only, not between the band and the letter: a ring drawn
/// close round its letter and blurred by a phone runs into the letter's own blurred edge, with no
/// paper left between them. A pale pen's ring on such a photo is about 0.15 darker than the paper
/// beyond it, under the ring's stroke level (`BoxInk.ringStrokeDarkness`): too light to read the
/// letter as circled, but not a clean ring either, so the box is unsure and the turn flagged,
/// never read as a blank.
package enum RingTrace {
    /// How much darker than the paper beyond it a sample must be, at least, to be on a trace.
    static let leastLevel = 0.06
    /// How many times the box's faint level (`BoxInk.faintDarkness`, or three times the grain's
    /// deviation) a sample must be darker than that paper, when that is more than `leastLevel`.
    static let faintMultiple = 2.0
    /// At or above this share of a band's length, a run is a trace.
    package static let span = 0.6

    /// The level a trace's samples must reach on paper whose faint level is `faintLevel`.
    static func level(faintLevel: Double) -> Double {
        max(leastLevel, faintMultiple * faintLevel)
    }

    /// Which side of the letter a band lies on, in the order of `PageReader.letterStrokeBands`; its
    /// paper is looked for further that way.
    enum Side: CaseIterable {
        case above, below, right

        var horizontal: Bool { self != .right }
    }

    /// How far out from a band, in points, its paper is looked for: past the ring's blurred edge.
    static let reach = 3.0

    /// The rectangle sampled for `band`: the band grown outward (away from the letter) by
    /// `reach`.
    static func sampled(_ band: Rect, side: Side) -> Rect {
        switch side {
        case .above: Rect(x: band.x, y: band.y - reach, width: band.width, height: band.height + reach)
        case .below: Rect(x: band.x, y: band.y, width: band.width, height: band.height + reach)
        case .right: Rect(x: band.x, y: band.y, width: band.width + reach, height: band.height)
        }
    }

    /// The longest run's extent along the band, as a share of its length, of the samples of
    /// `values` (a grid `columns` × `rows` over `rect`, a band grown by `sampled(_:side:)`) within
    /// the band darker by more than `level` than the paper beyond them: the lighter quarter of the
    /// samples of their column (or row) in the `reach` beyond the band. One-sample gaps are bridged.
    static func longestRun(
        _ values: [Double], columns: Int, rows: Int, rect: Rect, side: Side, level: Double
    ) -> Double {
        guard values.count == columns * rows, columns > 0, rows > 0 else { return 0 }
        let horizontal = side.horizontal
        let (length, across) = horizontal ? (columns, rows) : (rows, columns)
        let outer = min(across - 1, Int((reach * Double(across) / (horizontal ? rect.height : rect.width)).rounded()))
        guard outer > 0 else { return 0 }
        func index(along: Int, depth: Int) -> Int {
            // `depth` 0 is the sample furthest out.
            switch side {
            case .above: depth * columns + along
            case .below: (rows - 1 - depth) * columns + along
            case .right: along * columns + (columns - 1 - depth)
            }
        }
        var mask = [Bool](repeating: false, count: values.count)
        for along in 0..<length {
            let beyond = (0..<outer).map { values[index(along: along, depth: $0)] }.sorted()
            let paper = beyond[beyond.count * 3 / 4]
            guard paper > 0 else { continue }
            for depth in outer..<across {
                let at = index(along: along, depth: depth)
                mask[at] = (paper - values[at]) / paper > level
            }
        }
        var longest = 0
        let bridged = StrokeSkeleton.spread(mask, columns: columns, rows: rows)
        GridNeighbours.forEachRun(in: bridged, columns: columns, rows: rows) { members in
            let along = members.filter { mask[$0] }.map { horizontal ? $0 % columns : $0 / columns }
            if let low = along.min(), let high = along.max() { longest = max(longest, high - low + 1) }
        }
        return Double(longest) / Double(length)
    }
}
