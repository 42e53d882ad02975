import ShapeRendering

/// Checks, and refits, the map of a page found from only two corner tags, against the page's own
/// answer boxes.
///
/// Two tags give eight corners and two centres: enough for a homography, but one fitted to two
/// small squares is extrapolated across the page, and when both tags are on one edge, the slant
/// away from that edge is barely fixed (a box at the far end can be many points off). So, once the
/// page code (read with the tags' map, its CRC checked) has said which page of which sheet this is,
/// and so where every answer box is printed, each box's outline is looked for (`BoxOutline`), the
/// boxes nearest the tags first and the map refitted as they are found, so the search moves out
/// across the page on a map that is better at each step. Then every box is looked for again on the
/// final map with the reader's usual search, the map refitted on the tags and the boxes found
/// within `inlierDistance` of it (a tick or a cross can pull a box's search off its outline: such a
/// box is left out, not followed), and the fit must check out:
///
/// - at least `leastFoundShare` of the page's boxes (and `leastFound`) are found within
///   `inlierDistance` of where the refitted map puts them, and
/// - the page code read again on the refitted map is the same code.
///
/// Otherwise the page is refused as before. A page of other tags, or a page whose boxes are not
/// where its code says, does not pass: its boxes are not where the map puts them.
enum MapRefinement {
    /// The fewest corner tags a page is located from.
    static let leastTags = 2
    /// How far each way a box is looked for while the map is being grown out from the tags, in
    /// points: a map fitted to two tags on one edge puts the far end of the page this far off (on
    /// the refused synthetic phone page looked at, the boxes nearer the tags 2.5–8.5 points off,
    /// before growing), and it stays short of the letter beside the box (21 points on).
    static let growRadius = 12.0
    /// How many boxes are looked for before the map is refitted, while growing.
    static let growBatch = 4
    /// The farthest a box's outline may lie from the refitted map's place, in points, to count.
    static let inlierDistance = 1.0
    /// The share of the page's boxes that must be found where the refitted map puts them.
    static let leastFoundShare = 0.75
    /// The fewest boxes that must be found, whatever the share.
    static let leastFound = 6
    /// How much darker than the paper beside it a box's outline must be to count as found, as a
    /// share of the paper: a box's outline on a blurred 150-dpi phone photo measured 0.04–0.06 this
    /// way; blank paper with a phone's grain, about 0.01 (the darkest of the offsets searched).
    static let leastOutlineDarkness = 0.025

    /// `fix` with its map refitted on the page's answer boxes and marked confirmed, or `nil` when
    /// the boxes do not confirm it. `layout` and `page` are the page's, from its code.
    static func confirm(_ fix: PageFix, image: GrayImage, layout: WorksheetLayout, page: Int) -> PageFix? {
        guard let code = fix.code else { return nil }
        let boxes = boxes(of: layout, page: page)
        let needed = max(leastFound, Int((leastFoundShare * Double(boxes.count)).rounded(.up)))
        guard boxes.count >= needed, var current = grow(fix, image: image, boxes: boxes) else { return nil }
        // On the grown map: every box again, with the usual search; those that lie off the map are
        // left out and the map refitted, twice.
        var inliers: [(page: Point, scan: Point)] = []
        for _ in 0..<2 {
            inliers = boxes.compactMap { box in
                outline(of: box, in: image, fix: current, radius: inlierDistance).map {
                    correspondence(box, moved: $0, map: current.homography)
                }
            }
            guard inliers.count >= needed, let refitted = refit(current, with: inliers) else { return nil }
            current = refitted
        }
        // The boxes found on the final map itself, where it puts them.
        let confirmed = boxes.filter { outline(of: $0, in: image, fix: current, radius: inlierDistance) != nil }
        guard confirmed.count >= needed,
            PageReader.readCode(
                image, marks: ReadBackMarks(paper: fix.paper), homography: current.homography,
                pixelsPerPoint: current.pixelsPerPoint) == code
        else { return nil }
        return PageFix(
            paper: current.paper, homography: current.homography, tagsFound: fix.tagsFound, code: code,
            pixelsPerPoint: current.pixelsPerPoint, tagPoints: fix.tagPoints, confirmedByBoxes: true)
    }

    /// The answer boxes of page `page` (1-based) of `layout`, A's and B's of each turn.
    static func boxes(of layout: WorksheetLayout, page: Int) -> [Rect] {
        guard layout.pages.indices.contains(page - 1), case .turns(let numbers) = layout.pages[page - 1] else {
            return []
        }
        return numbers.flatMap { number in
            let cell = layout.cell(forTurn: number)
            return [cell.labelRowA, cell.labelRowB].map(WorksheetLayout.tickBox(inLabelRow:))
        }
    }

    /// `fix`'s map grown out from its tags over `boxes`: the boxes nearest a tag looked for first,
    /// `growBatch` at a time, each within `growRadius` of where the map so far puts it, and the map
    /// refitted on the tags and the boxes found after each batch. Not checked: `confirm` checks it.
    static func grow(_ fix: PageFix, image: GrayImage, boxes: [Rect]) -> PageFix? {
        guard !fix.tagPoints.isEmpty else { return nil }
        func distanceToTags(_ box: Rect) -> Double {
            fix.tagPoints.map { point in
                let dx = point.page.x - box.midX
                let dy = point.page.y - box.midY
                return (dx * dx + dy * dy).squareRoot()
            }.min() ?? 0
        }
        let ordered = boxes.sorted { distanceToTags($0) < distanceToTags($1) }
        var current = fix
        var found: [(page: Point, scan: Point)] = []
        for start in stride(from: 0, to: ordered.count, by: growBatch) {
            for box in ordered[start..<min(ordered.count, start + growBatch)] {
                if let moved = outline(of: box, in: image, fix: current, radius: growRadius) {
                    found.append(correspondence(box, moved: moved, map: current.homography))
                }
            }
            guard let refitted = refit(current, with: found) else { return nil }
            // A box the search took off its outline (a tick's stroke, a cross) is dropped.
            found = found.filter {
                refitted.homography.distance(from: $0.page, to: $0.scan) <= 2 * refitted.pixelsPerPoint
            }
            guard let again = refit(current, with: found) else { return nil }
            current = again
        }
        return current
    }

    /// A fix from two tags whose map does not read the page code: the map grown over the boxes of
    /// a full page of the default grid (2 × 4), and the code read on it. When the code reads (its
    /// CRC checks), `confirm` then checks the map against the page's own boxes, as the code gives
    /// them, like any fix from two tags; a page of another grid keeps its code unread.
    static func readingCodeOnDefaultGrid(_ fix: PageFix, image: GrayImage) -> PageFix? {
        let grid = WorksheetLayout(paper: fix.paper, columns: 2, rows: 4, turnCount: 8)
        guard let grown = grow(fix, image: image, boxes: boxes(of: grid, page: 1)),
            let code = PageReader.readCode(
                image, marks: ReadBackMarks(paper: fix.paper), homography: grown.homography,
                pixelsPerPoint: grown.pixelsPerPoint)
        else { return nil }
        return PageFix(
            paper: fix.paper, homography: grown.homography, tagsFound: fix.tagsFound, code: code,
            pixelsPerPoint: grown.pixelsPerPoint, tagPoints: fix.tagPoints)
    }

    /// `box` moved to where its printed outline is, when the outline is there: found by
    /// `BoxOutline` with its usual search, at most `radius` points from the map's place, and darker
    /// than the paper by `leastOutlineDarkness` (on blank paper the search still returns a place).
    private static func outline(of box: Rect, in image: GrayImage, fix: PageFix, radius: Double) -> Rect? {
        let (moved, found) = BoxOutline.locate(box, in: image, fix: fix, radius: max(radius, BoxOutline.searchRadius))
        guard found, abs(moved.x - box.x) <= radius, abs(moved.y - box.y) <= radius,
            BoxOutline.darkness(of: moved, in: image, fix: fix) >= leastOutlineDarkness
        else { return nil }
        return moved
    }

    /// The box's centre on the page and where its outline was found in the scan.
    private static func correspondence(_ box: Rect, moved: Rect, map: Homography) -> (page: Point, scan: Point) {
        (Point(x: box.midX, y: box.midY), map.map(Point(x: moved.midX, y: moved.midY)))
    }

    /// `fix`'s map fitted again to its tags and `boxes`.
    private static func refit(_ fix: PageFix, with boxes: [(page: Point, scan: Point)]) -> PageFix? {
        let points = fix.tagPoints + boxes
        guard let homography = Homography(from: points.map(\.page), to: points.map(\.scan)) else { return nil }
        return PageFix(
            paper: fix.paper, homography: homography, tagsFound: fix.tagsFound, code: fix.code,
            pixelsPerPoint: PageReader.pixelsPerPoint(homography, paper: fix.paper), tagPoints: fix.tagPoints)
    }
}
