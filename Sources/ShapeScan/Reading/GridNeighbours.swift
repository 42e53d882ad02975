/// The samples beside one in a grid of samples stored row by row: the eight round it, fewer at
/// the grid's edges. The ink measures join samples into runs through them
/// (`PageReader.clusteredCount`, `StrokeSkeleton`, `RingTrace`).
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

    /// Calls `body` with the samples of each run of `mask` (a grid `columns` wide and `rows` tall):
    /// the set samples joined through any of their eight neighbours, each run once.
    static func forEachRun(in mask: [Bool], columns: Int, rows: Int, _ body: ([Int]) -> Void) {
        var seen = [Bool](repeating: false, count: mask.count)
        for start in mask.indices where mask[start] && !seen[start] {
            var stack = [start]
            var members: [Int] = []
            seen[start] = true
            while let index = stack.popLast() {
                members.append(index)
                forEach(around: index, columns: columns, rows: rows) { next in
                    if mask[next] && !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            body(members)
        }
    }
}
