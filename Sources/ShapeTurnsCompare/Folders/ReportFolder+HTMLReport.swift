import Foundation
import PixelDiff
import ShapeTurnsCore

extension ReportFolder {
    /// Writes `report` as `index.html`, puts the report on disk, then in place of the destination.
    package func finish(_ report: HTMLReport) throws(ShapeTurnsError) {
        try finish(page: try report.document(imagesIn: staging.path))
    }
}
