/// The samples beside one in a grid of samples stored row by row: the eight round it, fewer at
/// the grid's edges. The ink measures join samples into runs through them
/// (`PageReader.clusteredCount`, `StrokeSkeleton`).
enum GridNeighbours {
    /// Calls `body` with the index of each sample beside `index` (not `index` itself) in a grid
    /// `columns` wide and `rows` tall.
    static func forEach(around index: Int, columns: Int, rows: Int, _ body: (Int) -> Void) {
        let (row, column) = (index / columns, index % columns)
        for other in max(0, row - 1)...min(rows - 1, row + 1) {
            for across in max(0, column - 1)...min(columns - 1, column + 1) where other != row || across != column {
                body(other * columns + across)
            }
        }
    }
}
