import ShapeRendering

/// Where an answer box's printed outline is in the scan.
///
/// The page's map comes from the four corner tags, so it is exact only for a flat page: on a
/// curled page or through a phone's wide lens, a box in the middle of the page can be a few
/// points from where the map puts it. A shift of more than the 2.2 points of slack inside the
/// outline would put the outline itself among the samples read as the box's ink, and an empty
/// box would read as marked. So each box is looked for near the map's place: the offset, at most
/// `searchRadius` points each way, at which its left and right sides (then its top and bottom)
/// stand out as the darkest thin lines. A box that only fits at the edge of that search is not trusted:
/// its turn is flagged.
enum BoxOutline {
    /// How far from the map's place a box is looked for, in points: more than the distortions
    /// seen (up to 3.3 points on a page through a lens that bends its edges by 3%), less than the
    /// gap to the letter beside the box.
    static let searchRadius = 4.5
    /// The step of the search, in points: about half the outline's 0.9-point line.
    static let searchStep = 0.5
    /// How much darker (grey levels) a farther offset's lines must be to be taken over a nearer
    /// one: a flat page, whose outline is where the map says, keeps its place exactly.
    static let preference = 3.0
    /// How far either side of a line the paper it is measured against lies, in points: past the
    /// outline's 0.9-point line and a blurred photo's spread of it.
    static let lineReach = 1.5

    /// `box` moved to where its outline is, and whether it was found inside the search (`radius`
    /// points each way: `searchRadius`, or more where the map is less sure, as `MapRefinement`'s).
    static func locate(_ box: Rect, in image: GrayImage, fix: PageFix, radius: Double = searchRadius) -> (
        box: Rect, found: Bool
    ) {
        var dx = 0.0
        var dy = 0.0
        var foundX = true
        var foundY = true
        // Each axis is fitted with the other's latest offset; two rounds settle a shift in both.
        for _ in 0..<2 {
            (dx, foundX) = bestOffset(radius: radius) { offset in
                sides(of: box, dx: offset, dy: dy, vertical: true, image: image, fix: fix)
            }
            (dy, foundY) = bestOffset(radius: radius) { offset in
                sides(of: box, dx: dx, dy: offset, vertical: false, image: image, fix: fix)
            }
        }
        return (Rect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height), foundX && foundY)
    }

    /// How much darker than the paper beside them `box`'s four sides are where the map puts them,
    /// as a share of that paper (0.04–0.06 measured for a printed outline on a blurred 150-dpi phone
    /// photo, about 0 on blank paper, where `locate` still finds a best offset).
    static func darkness(of box: Rect, in image: GrayImage, fix: PageFix) -> Double {
        let lines =
            (sides(of: box, dx: 0, dy: 0, vertical: true, image: image, fix: fix)
                + sides(of: box, dx: 0, dy: 0, vertical: false, image: image, fix: fix)) / 2
        // The paper: a strip under the box.
        let below = PageReader.samples(
            image, in: Rect(x: box.x, y: box.maxY + 2, width: box.width, height: 2), homography: fix.homography,
            pixelsPerPoint: fix.pixelsPerPoint)
        let paper = max(1, below.reduce(0, +) / Double(max(1, below.count)))
        return -lines / paper
    }

    /// The offset whose lines stand out darkest, nearer ones first and kept unless a farther one is
    /// darker by `preference`; not found when the best is at the search's edge.
    private static func bestOffset(radius: Double, _ lineContrast: (Double) -> Double) -> (offset: Double, found: Bool)
    {
        let steps = Int((radius / searchStep).rounded())
        var best = 0.0
        var bestContrast = lineContrast(0)
        for distance in 1...steps {
            for sign in [-1.0, 1.0] {
                let offset = sign * Double(distance) * searchStep
                let contrast = lineContrast(offset)
                if contrast < bestContrast - preference {
                    best = offset
                    bestContrast = contrast
                }
            }
        }
        return (best, abs(best) < Double(steps) * searchStep)
    }

    /// How dark the box's left and right sides (`vertical`) or its top and bottom are, moved by
    /// (`dx`, `dy`), against the paper `lineReach` either side of each: the mean of grey on the
    /// line less the mean grey beside it, most negative on a thin dark line. Taken over the middle
    /// of each side, so that the other axis's error does not carry the lines off the outline. A
    /// broad dark area (the letter beside the box, a fill, a shadow) is as dark beside the line
    /// as on it, and does not pull the box.
    private static func sides(of box: Rect, dx: Double, dy: Double, vertical: Bool, image: GrayImage, fix: PageFix)
        -> Double
    {
        let margin = 3.0
        let samples = Int(((vertical ? box.height : box.width) - 2 * margin) / searchStep)
        func grey(_ x: Double, _ y: Double) -> Double {
            let mapped = fix.homography.map(Point(x: x, y: y))
            return image.sample(x: mapped.x, y: mapped.y)
        }
        var total = 0.0
        for index in 0...samples {
            let along = margin + Double(index) * searchStep
            if vertical {
                for x in [box.x + dx, box.maxX + dx] {
                    let y = box.y + dy + along
                    total += grey(x, y) - (grey(x - lineReach, y) + grey(x + lineReach, y)) / 2
                }
            } else {
                for y in [box.y + dy, box.maxY + dy] {
                    let x = box.x + dx + along
                    total += grey(x, y) - (grey(x, y - lineReach) + grey(x, y + lineReach)) / 2
                }
            }
        }
        return total / Double(2 * (samples + 1))
    }
}
