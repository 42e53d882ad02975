/// How long the strokes in a grid of samples are, whatever the pen's width: the samples, their
/// one-sample gaps bridged, thinned to lines one sample wide (Zhang and Suen's thinning, 1984),
/// counted.
///
/// A box's ink share is an area, and a thin pen's whole tick covers less of the box than a
/// ballpoint's: a 0.6-point HB pencil tick that runs across the box on a 300-dpi copy is 4–5% of
/// it, under `BoxInk.markedShare`. Its length does not depend on the width; what barely enters the
/// box (a stroke from the next box, a letter's ring) and the specks of grain are short. A thin
/// line on a pixel grid, or a pencil's grainy stroke, falls under the level a sample here and
/// there: the gaps are bridged (each sample set spreads to its eight neighbours) before thinning.
package enum StrokeSkeleton {
    /// The least number of samples a run must hold for its length to count: a speck of grain a
    /// sample or two across thins to a point.
    package static let leastRun = 3

    /// The length, in samples, of the lines `mask` (a grid of `columns` × `rows`), its one-sample
    /// gaps bridged, thins to, counting only runs that hold `leastRun` or more samples of `mask`.
    package static func length(_ mask: [Bool], columns: Int, rows: Int) -> Int {
        guard columns > 0, rows > 0, mask.count == columns * rows,
            mask.lazy.filter({ $0 }).count >= leastRun
        else { return 0 }
        let bridged = spread(mask, columns: columns, rows: rows)
        let runs = runCounts(bridged, of: mask, columns: columns, rows: rows)
        let thin = thinned(bridged, columns: columns, rows: rows)
        var count = 0
        for index in thin.indices where thin[index] && runs[index] >= leastRun { count += 1 }
        return count
    }

    /// `mask` with every sample beside a set one (any of its eight neighbours) set.
    static func spread(_ mask: [Bool], columns: Int, rows: Int) -> [Bool] {
        var result = mask
        for index in mask.indices where mask[index] {
            GridNeighbours.forEach(around: index, columns: columns, rows: rows) { result[$0] = true }
        }
        return result
    }

    /// The eight neighbours of a sample (rows, columns) clockwise from north: p2 … p9 in Zhang and
    /// Suen's paper, one bit each of a ring.
    private static let around = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]

    /// `mask` thinned: each pass takes off the samples on a run's edge whose removal neither
    /// breaks the run nor shortens a line's end, first from the south-east, then from the
    /// north-west, until no pass takes any.
    static func thinned(_ mask: [Bool], columns: Int, rows: Int) -> [Bool] {
        var cells = mask
        func at(_ row: Int, _ column: Int) -> Bool {
            row >= 0 && column >= 0 && row < rows && column < columns && cells[row * columns + column]
        }
        var changed = true
        while changed {
            changed = false
            for pass in 0..<2 {
                var removed: [Int] = []
                for row in 0..<rows {
                    for column in 0..<columns where cells[row * columns + column] {
                        var ring = 0
                        for (bit, step) in around.enumerated() where at(row + step.0, column + step.1) {
                            ring |= 1 << bit
                        }
                        guard (2...6).contains(ring.nonzeroBitCount) else { continue }
                        // A 0 followed by a 1 going round: exactly one means the run stays whole.
                        let next = (ring >> 1) | ((ring & 1) << 7)
                        guard (~ring & next & 0xFF).nonzeroBitCount == 1 else { continue }
                        let (north, east, south, west) = (ring & 1 != 0, ring & 4 != 0, ring & 16 != 0, ring & 64 != 0)
                        let keeps =
                            pass == 0
                            ? (north && east && south) || (east && south && west)
                            : (north && east && west) || (north && south && west)
                        if !keeps { removed.append(row * columns + column) }
                    }
                }
                for index in removed { cells[index] = false }
                if !removed.isEmpty { changed = true }
            }
        }
        return cells
    }

    /// For each sample of `mask`, how many samples of `counted` its run (samples joined through any
    /// of their eight neighbours) holds; 0 where `mask` is unset.
    static func runCounts(_ mask: [Bool], of counted: [Bool], columns: Int, rows: Int) -> [Int] {
        var sizes = [Int](repeating: 0, count: mask.count)
        GridNeighbours.forEachRun(in: mask, columns: columns, rows: rows) { members in
            let size = members.filter { counted[$0] }.count
            for index in members { sizes[index] = size }
        }
        return sizes
    }
}
