import ShapeRendering

/// Ink measured against the page's own printed lines: a thin pen stroke that the scan's blur has
/// left lighter than `BoxInk.inkDarkness` is still ink when it is about as dark as the box's
/// printed outline on the same page, which the same blur has lightened the same way.
///
/// A ballpoint line is 0.8–1.5 points wide and the box's outline 0.9. On a sharp copy both are
/// nearly black; a phone photo blurred by σ 1 point leaves both at about half their darkness, and
/// a fixed level of 0.4 takes the tick for a faint mark (flagged) while the outline says the page
/// shows every thin line that light. So a sample is also ink when it is darker than the *stroke
/// level* (`outlineShare` of the outline's darkness, or `lightShare` where the paper beside it is
/// the page's own, never above `BoxInk.inkDarkness`, never under `leastLevel` or twice the faint
/// level) both against the paper round the box and against the paper within `reach` of it on
/// both sides, across or down (`depth`). The second test is what tells a stroke from a shadow:
/// a grey copy's uneven light darkens a broad area, with paper as dark as it all round, and a
/// shadow's edge has light paper on one side only; a stroke has light paper on both. A box whose
/// inside is grey all over (an erasure's rubbed paper) is measured against the fixed level only:
/// what is left of an erased tick stands out of the rubbed grey like a light stroke, and is not a
/// choice.
enum StrokeInk {
    /// The share of the outline's darkness a stroke must reach to be ink: an HB pencil tick, about
    /// 0.35 darker than its paper where the outline is 0.9, is a mark; light pencil, under a fifth
    /// of the outline, is not.
    static let outlineShare = 0.3
    /// The share a stroke on clean paper need reach (the paper on both sides of it within the
    /// faint level of the paper round the box): a blurred phone photo leaves an HB tick's darkest
    /// samples at 0.25 to 0.33 of its outline (the outside check's photos, docs/scan.md), just
    /// over a fifth. Not on grey paper: what an eraser leaves of a tick, in its rubbed patch, is
    /// as light.
    static let lightShare = 0.22
    /// The least stroke level, whatever the outline (a page so blurred its outline is faint).
    static let leastLevel = 0.1
    /// How far either side of a sample the paper is looked for, in points: past a blurred
    /// stroke's half width (0.75 points and two σ of a phone's 1-point blur), less than a
    /// shadow's soft edge is wide.
    static let reach = 3.0
    /// How far across each side the outline's darkest point is looked for, in points, either way
    /// of where `BoxOutline` put it (its search steps by 0.5).
    static let lineSlack = 0.5
    /// How far outside the box the paper an outline is measured against lies, in points.
    static let paperOffset = 2.5

    /// How dark the printed outline of `box` is against the paper just outside it: the median, over
    /// samples along the middle of its four sides, of the darkest point across the line. The
    /// median leaves out a stroke crossing a side.
    static func outlineDarkness(of box: Rect, in image: GrayImage, fix: PageFix) -> Double {
        let step = max(0.25, 1 / max(fix.pixelsPerPoint, 0.01))
        let margin = 3.0
        func grey(_ x: Double, _ y: Double) -> Double {
            let mapped = fix.homography.map(Point(x: x, y: y))
            return image.sample(x: mapped.x, y: mapped.y)
        }
        let offsets = stride(from: -lineSlack, through: lineSlack, by: min(step, lineSlack) / 2).map { $0 }
        var darkness: [Double] = []
        // Each side: where it runs, and which way is out of the box.
        let sides: [(x: Double, y: Double, alongX: Bool, outward: Double)] = [
            (box.x, box.y, false, -1), (box.maxX, box.y, false, 1), (box.x, box.y, true, -1),
            (box.x, box.maxY, true, 1),
        ]
        for side in sides {
            let length = side.alongX ? box.width : box.height
            for along in stride(from: margin, through: length - margin, by: step) {
                let line =
                    offsets.map { offset in
                        side.alongX ? grey(side.x + along, side.y + offset) : grey(side.x + offset, side.y + along)
                    }.min() ?? 255
                let out = side.outward * paperOffset
                let paper = side.alongX ? grey(side.x + along, side.y + out) : grey(side.x + out, side.y + along)
                guard paper > 0 else { continue }
                darkness.append(max(0, (paper - line) / paper))
            }
        }
        let sorted = darkness.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// The stroke level of a box whose outline is `outline` dark, on paper whose faint level (the
    /// grain's) is `grainLevel`: `share` of the outline's darkness, within the bounds above.
    static func level(outline: Double, grainLevel: Double, share: Double = outlineShare) -> Double {
        min(BoxInk.inkDarkness, max(leastLevel, 2 * grainLevel, share * outline))
    }

    /// For each of `values` (a grid of `columns` × `rows`), how much darker it is than the paper
    /// on both sides of it: the lightest sample within `reach` columns to its left and the
    /// lightest within `reach` to its right, the darker of those two, less the sample; or the same
    /// within `reachRows` rows above and below, whichever is more. A line has light paper on both
    /// sides; the edge of a shadow or of a fill has it on one side only, a broad grey area on
    /// neither.
    static func depth(_ values: [Double], columns: Int, rows: Int, reach: Int, reachRows: Int) -> [Double] {
        guard values.count == columns * rows, columns > 0, rows > 0 else { return values.map { _ in 0 } }
        func lightest(_ indices: StrideTo<Int>) -> Double {
            var best = -Double.infinity
            for index in indices { best = max(best, values[index]) }
            return best
        }
        var result = [Double](repeating: 0, count: values.count)
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                let left = lightest(stride(from: row * columns + max(0, column - reach), to: index, by: 1))
                let right = lightest(
                    stride(from: index + 1, to: row * columns + min(columns, column + reach + 1), by: 1))
                let up = lightest(stride(from: max(0, row - reachRows) * columns + column, to: index, by: columns))
                let down = lightest(
                    stride(from: index + columns, to: min(rows, row + reachRows + 1) * columns, by: columns))
                result[index] = max(0, min(left, right) - values[index], min(up, down) - values[index])
            }
        }
        return result
    }
}
