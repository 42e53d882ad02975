import Foundation
import PixelDiff
import ShapeTurnsCore

/// The pixels folder compare's workers may hold decoded at once (`ImageFileComparer.pixelBudget`).
/// Each pair takes the pixels its two PNGs declare in their headers (and as many again for a diff
/// image) before decoding them, and gives them back when its verdict is in; a worker whose pair
/// does not fit waits for others to finish, and a pair that needs more than the whole budget is
/// refused. So `--jobs` shrinks to fit large images: memory is bounded by the budget, not by jobs
/// times the largest image (a small PNG may declare 16384x16384 pixels, 1 GiB decoded).
package final class PixelBudget: @unchecked Sendable {
    package let limit: Int
    private let condition = NSCondition()
    private var inFlight = 0

    package init(limit: Int) {
        self.limit = limit
    }

    /// Waits until `pixels` fit beside those in flight (at once when nothing else is in flight,
    /// so a pair is never starved), then takes them.
    package func take(_ pixels: Int) {
        condition.lock()
        while inFlight > 0, inFlight + pixels > limit {
            condition.wait()
        }
        inFlight += pixels
        condition.unlock()
    }

    /// Gives back what `take` took.
    package func give(_ pixels: Int) {
        condition.lock()
        inFlight -= pixels
        condition.broadcast()
        condition.unlock()
    }
}
