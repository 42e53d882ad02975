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

    /// A page's fix as `PageReader.locate` finds it, or as a test sets it for a patch of paper.
    package init(
        paper: PaperSize, homography: Homography, tagsFound: Int, code: PageCode?, pixelsPerPoint: Double
    ) {
        self.paper = paper
        self.homography = homography
        self.tagsFound = tagsFound
        self.code = code
        self.pixelsPerPoint = pixelsPerPoint
    }
}
