import PixelDiff
import ShapeTurnsCore

/// Where two images of one size differ, as boxes a report draws over them (as reg-cli does): the
/// differing pixels (those pixelmatch counts) grouped by nearness, each group as the smallest box
/// holding its pixels.
///
/// Pixels are grouped on a grid of `cellSize`-pixel cells: cells holding a differing pixel that
/// touch (sides or corners) form one group, so differences up to about a cell apart share a box.
/// Past `maximumBoxes` groups, one box holds them all (a page of hundreds of boxes shows nothing).
package struct ChangedRegions: Sendable, Equatable, Encodable {
    /// The images' width and height, which the boxes are relative to.
    package let width: Int
    package let height: Int
    /// The boxes, top to bottom, then left to right.
    package let boxes: [PixelRegion]

    package static let cellSize = 16
    package static let maximumBoxes = 64

    private enum CodingKeys: String, CodingKey {
        case width, height, boxes
    }

    /// The regions of the counted differences in `diff`, pixelmatch's diff image of a pair drawn
    /// with `options`; `nil` when its colours cannot tell counted differences from the rest (a
    /// grey difference colour, which faded pixels may equal, or one equal to the anti-aliasing or
    /// mask colour); `find(_:_:options:)` then compares again.
    package static func find(diff: RGBAImage, options: PixelmatchOptions) -> Self? {
        let counted = [options.differenceColor, options.darkerDifferenceColor ?? options.differenceColor]
        let ambiguous = counted.contains { color in
            (color.red == color.green && color.green == color.blue) || color == options.antiAliasedColor
                || color == options.maskColor
        }
        guard !ambiguous else { return nil }
        let (first, second) = (counted[0].packed, counted[1].packed)
        return diff.pixels.withUnsafeBufferPointer { pixels in
            group(width: diff.width, height: diff.height) { pixels[$0] == first || pixels[$0] == second }
        }
    }

    /// The regions where `actual` differs from `expected` under `options` (masks and
    /// anti-aliasing included), by a comparison that draws only the counted differences; `nil`
    /// when the sizes differ.
    package static func find(_ expected: RGBAImage, _ actual: RGBAImage, options: PixelmatchOptions) -> Self? {
        var maskOnly = options
        maskOnly.diffMask = true
        guard let comparison = try? ImageComparison(options: maskOnly) else { return nil }
        let result = comparison.compare(expected, actual, drawingDiff: true)
        guard result.sizesMatch, let drawn = result.diffImage else { return nil }
        // With diffMask, only counted differences and masks are drawn; the rest stays transparent.
        let masked = { (x: Int, y: Int) in
            options.masks.contains { x >= $0.x && x - $0.x < $0.width && y >= $0.y && y - $0.y < $0.height }
        }
        let width = drawn.width
        return drawn.pixels.withUnsafeBufferPointer { pixels in
            group(width: width, height: drawn.height) { index in
                pixels[index] != 0 && !masked(index % width, index / width)
            }
        }
    }

    /// The boxes of the pixels `isCounted` (by index) says differ, grouped on the cell grid.
    private static func group(width: Int, height: Int, isCounted: (Int) -> Bool) -> Self {
        let columns = (width + cellSize - 1) / cellSize
        let rows = (height + cellSize - 1) / cellSize
        // Per cell, the bounds of its differing pixels (minX, minY, maxX, maxY), or nil.
        var cells = [(Int, Int, Int, Int)?](repeating: nil, count: columns * rows)
        for y in 0..<height {
            let rowStart = y * width
            let cellRow = (y / cellSize) * columns
            // Per cell of the row, its first and last counted pixel, then one update of the cell.
            for column in 0..<columns {
                var first = -1
                var last = -1
                for x in (column * cellSize)..<min((column + 1) * cellSize, width) where isCounted(rowStart + x) {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                let cell = cellRow + column
                if let bounds = cells[cell] {
                    cells[cell] = (min(bounds.0, first), bounds.1, max(bounds.2, last), y)
                } else {
                    cells[cell] = (first, y, last, y)
                }
            }
        }
        var boxes: [PixelRegion] = []
        var seen = [Bool](repeating: false, count: cells.count)
        for start in cells.indices where cells[start] != nil && !seen[start] {
            seen[start] = true
            var stack = [start]
            var bounds = (Int.max, Int.max, Int.min, Int.min)
            while let cell = stack.popLast() {
                if let cellBounds = cells[cell] {
                    bounds = (
                        min(bounds.0, cellBounds.0), min(bounds.1, cellBounds.1),
                        max(bounds.2, cellBounds.2), max(bounds.3, cellBounds.3)
                    )
                }
                let (row, column) = cell.quotientAndRemainder(dividingBy: columns)
                for neighbourRow in max(row - 1, 0)...min(row + 1, rows - 1) {
                    for neighbourColumn in max(column - 1, 0)...min(column + 1, columns - 1) {
                        let neighbour = neighbourRow * columns + neighbourColumn
                        if cells[neighbour] != nil && !seen[neighbour] {
                            seen[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            boxes.append(
                PixelRegion(x: bounds.0, y: bounds.1, width: bounds.2 - bounds.0 + 1, height: bounds.3 - bounds.1 + 1))
        }
        if boxes.count > maximumBoxes {
            let left = boxes.map(\.x).min() ?? 0
            let top = boxes.map(\.y).min() ?? 0
            let right = boxes.map { $0.x + $0.width }.max() ?? 0
            let bottom = boxes.map { $0.y + $0.height }.max() ?? 0
            boxes = [PixelRegion(x: left, y: top, width: right - left, height: bottom - top)]
        }
        boxes.sort { ($0.y, $0.x) < ($1.y, $1.x) }
        return ChangedRegions(width: width, height: height, boxes: boxes)
    }
}
