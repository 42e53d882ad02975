import ShapeRendering

/// Where a scanned page's marks put it: its paper, the map from its points to the scan's
/// pixels, how many corner tags were found, and the page code read from its squares (`nil`
/// when they do not check out).
package struct PageFix: Sendable {
    package let paper: PaperSize
    package let homography: Homography
    package let tagsFound: Int
    package let code: PageCode?
    /// How many scan pixels one page point spans, about: the scan's resolution / 72.
    package let pixelsPerPoint: Double
    /// The tags' corners and centres the map was fitted to: page points and where they were seen.
    package let tagPoints: [(page: Point, scan: Point)]
    /// Whether the map was checked against the page's own answer boxes (`MapRefinement`): a page
    /// read from fewer than three tags is used only when it is.
    package let confirmedByBoxes: Bool

    /// A page's fix as `PageReader.locate` finds it, or as a test sets it for a patch of paper.
    package init(
        paper: PaperSize, homography: Homography, tagsFound: Int, code: PageCode?, pixelsPerPoint: Double,
        tagPoints: [(page: Point, scan: Point)] = [], confirmedByBoxes: Bool = false
    ) {
        self.paper = paper
        self.homography = homography
        self.tagsFound = tagsFound
        self.code = code
        self.pixelsPerPoint = pixelsPerPoint
        self.tagPoints = tagPoints
        self.confirmedByBoxes = confirmedByBoxes
    }
}
