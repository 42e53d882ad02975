/// The pieces of what a box holds that is darker than its paper (ink, light strokes, faint ink in
/// its core and beside its outline), each sample joined to any of its eight neighbours: how far
/// each reaches and how dark it is at its darkest.
///
/// Dust on a copier's glass or on a phone's lens leaves one to a few dark dots in a box, each a
/// point or two across, among a photo's grain; a tick, a cross, a circle, light pencil and what an
/// eraser leaves reach across the box, or are no darker than grain. `BoxInk.holdsOnlyDust` reads
/// a box of a few such dots as empty.
package struct InkPieces: Sendable, Equatable {
    /// One piece: how far it reaches and how dark it is.
    package struct Piece: Sendable, Equatable {
        /// The longer side, in points, of the bounding box of the piece's samples at least half
        /// as dark as its darkest.
        package let reach: Double
        /// How much darker than the paper its darkest sample is.
        package let peak: Double
        /// The longer side, in points, of the bounding box of the whole piece: a light stroke
        /// joined to a dark spot reaches far, though only the spot is half as dark as its peak.
        package let extent: Double

        package init(reach: Double, peak: Double, extent: Double? = nil) {
            self.reach = reach
            self.peak = peak
            self.extent = extent ?? reach
        }
    }

    /// The pieces of two samples or more: a single sample is a photo's grain.
    package let pieces: [Piece]

    package init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    /// The pieces of `mask`, a grid `columns` wide and `rows` tall sampled over a rectangle
    /// `width` by `height` points, each sample `darkness` darker than the paper.
    init(_ mask: [Bool], darkness: [Double], columns: Int, rows: Int, width: Double, height: Double) {
        var pieces: [Piece] = []
        GridNeighbours.forEachRun(in: mask, columns: columns, rows: rows) { run in
            guard run.count >= 2 else { return }
            let peak = run.map { darkness.indices.contains($0) ? darkness[$0] : 0 }.max() ?? 0
            func span(_ samples: [Int]) -> Double? {
                var (left, right, top, bottom) = (columns, -1, rows, -1)
                for index in samples {
                    let (row, column) = (index / columns, index % columns)
                    (left, right) = (min(left, column), max(right, column))
                    (top, bottom) = (min(top, row), max(bottom, row))
                }
                guard right >= left, bottom >= top else { return nil }
                return max(
                    Double(right - left + 1) * width / Double(columns), Double(bottom - top + 1) * height / Double(rows)
                )
            }
            // The reach is measured where the piece is at least half as dark as its darkest
            // sample: a dark dot's blurred halo reaches far over the faint level.
            let core = run.filter { darkness.indices.contains($0) && darkness[$0] >= peak / 2 }
            guard let reach = span(core), let extent = span(run) else { return }
            pieces.append(Piece(reach: reach, peak: peak, extent: extent))
        }
        self.pieces = pieces
    }
}
