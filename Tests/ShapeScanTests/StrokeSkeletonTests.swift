import ShapeScan
import Testing

/// The length of strokes whatever their width (`StrokeSkeleton`): a line thins to one sample
/// wide and keeps its length; specks of grain count nothing.
struct StrokeSkeletonTests {
    /// A grid of `columns` × `rows` with `set` samples on.
    private func mask(columns: Int, rows: Int, _ set: (Int, Int) -> Bool) -> [Bool] {
        (0..<(columns * rows)).map { set($0 / columns, $0 % columns) }
    }

    /// A horizontal line 30 samples long and 1, 2, 3 or 4 samples wide thins to about 30 samples,
    /// whatever its width: its area grows with the width, its length does not.
    @Test(arguments: [1, 2, 3, 4])
    func lineKeepsItsLengthWhateverItsWidth(width: Int) {
        let grid = mask(columns: 40, rows: 12) { row, column in
            (4..<(4 + width)).contains(row) && (5..<35).contains(column)
        }
        let length = StrokeSkeleton.length(grid, columns: 40, rows: 12)
        #expect((26...30).contains(length), "\(length)")
    }

    /// A diagonal line 3 samples thick and 20 rows long thins to a line of about 20 samples.
    @Test func diagonalLineThinsToItsLength() {
        let grid = mask(columns: 30, rows: 30) { row, column in (5..<25).contains(row) && abs(column - row) <= 1 }
        let length = StrokeSkeleton.length(grid, columns: 30, rows: 30)
        #expect((17...21).contains(length), "\(length)")
    }

    /// A line 30 samples long with a sample missing every fourth (a thin line on a pixel grid, a
    /// pencil's grain): its gaps are bridged, and it measures about its whole length, not the
    /// three-sample pieces between the gaps.
    @Test func gappedLineIsBridged() {
        let grid = mask(columns: 40, rows: 8) { row, column in
            row == 4 && (5..<35).contains(column) && !column.isMultiple(of: 4)
        }
        let length = StrokeSkeleton.length(grid, columns: 40, rows: 8)
        #expect((26...32).contains(length), "\(length)")
    }

    /// Scattered specks of one or two samples, the grain of a photo over a level, count nothing.
    @Test func specksCountNothing() {
        let grid = mask(columns: 30, rows: 30) { row, column in
            (row % 5 == 0 && column % 6 == 0) || (row % 5 == 0 && column % 6 == 1 && column < 15)
        }
        #expect(StrokeSkeleton.length(grid, columns: 30, rows: 30) == 0)
    }

    /// A filled square thins to a short line or a point, far shorter than its side four times over:
    /// its length is not its area.
    @Test func filledSquareIsShort() {
        let grid = mask(columns: 20, rows: 20) { row, column in (5..<15).contains(row) && (5..<15).contains(column) }
        #expect(StrokeSkeleton.length(grid, columns: 20, rows: 20) <= 10)
    }

    /// A grid of the wrong size is measured as nothing, not trapped on.
    @Test func wrongSizeIsNothing() {
        #expect(StrokeSkeleton.length([true, true, true], columns: 2, rows: 2) == 0)
    }
}
