import Foundation
import PixelDiff
import ShapeTurnsCore

/// The pixels folder compare's workers may hold decoded at once. Each pair takes the pixels its
/// two PNGs declare in their headers (and as many again for a diff image) before decoding them,
/// and gives them back when its verdict is in; a worker whose pair does not fit waits for
/// others to finish. So `--jobs` shrinks to fit large images: memory is bounded by the budget,
/// not by jobs times the largest image (a small PNG may declare 8192x8192 pixels, 256 MB
/// decoded).
package final class PixelBudget: @unchecked Sendable {
    /// One pair of the largest images ShapeTurns decodes (`RGBAImage.maximumSide` square) and
    /// their diff: 3 x 8192 x 8192 pixels, 768 MB at 4 bytes a pixel.
    package static let folderComparePixels = 3 * RGBAImage.maximumSide * RGBAImage.maximumSide

    package let limit: Int
    private let condition = NSCondition()
    private var inFlight = 0

    package init(limit: Int = PixelBudget.folderComparePixels) {
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

    /// The width times height a PNG's header declares, or 0 when `bytes` do not start with a
    /// PNG signature and an IHDR chunk (the decoder then refuses them without allocating).
    package static func declaredPixels(ofPNG bytes: [UInt8]) -> Int {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8) else {
            return 0
        }
        func number(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let (width, height) = (number(at: 16), number(at: 20))
        guard width <= RGBAImage.maximumSide, height <= RGBAImage.maximumSide else { return 0 }
        return width * height
    }
}
