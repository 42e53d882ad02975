import ShapeGame
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// One page of the scans and what was made of it: whose sheet and which page, the turns read,
/// or why it could not be read. Keeps only small images: the crops of its flagged turns (and, for a
/// turn another copy of the page reads differently, that copy's too) and, for a page not read, a
/// thumbnail.
package struct ScannedPage: Sendable {
    /// The file and the page within it: `scans.pdf page 3`.
    package let source: String
    package let code: PageCode?
    /// The sheet the page belongs to, when its code names one in the key.
    package let student: String?
    package let problem: PageProblem?
    package let readings: [TurnReading]
    /// PNGs of the two boxes of each flagged turn, by turn number, as scanned.
    package let crops: [Int: [UInt8]]
    /// A small PNG of the whole page, for a page not read.
    package let thumbnail: [UInt8]?
    /// How many of the four corner tags the page was found from (for a page read); a page read
    /// from two was checked against its answer boxes (`MapRefinement`), and the review page says so.
    package var tagsFound: Int? = nil
    /// How the page was scanned, for `ScanAdvice`; `nil` for a page not read.
    package var capture: Capture? = nil
    /// For each turn a second copy of the page reads differently (`PageCopies`), that copy: the
    /// teacher decides between the two pictures.
    package var otherCopies: [Int: OtherCopy] = [:]

    /// Another copy of a page, as one of its turns shows there.
    package struct OtherCopy: Sendable, Equatable {
        /// The file and the page within it.
        package let source: String
        /// The PNG of the turn's two boxes on that copy; `nil` when crops are not kept.
        package let crop: [UInt8]?
    }

    /// How a page was scanned: in grey or 1-bit, and at what resolution.
    package struct Capture: Sendable, Equatable {
        /// How the page's pixels were written.
        package enum Tone: Sendable, Equatable {
            /// Shades of grey (or colour): a grey scan or a photo.
            case grey
            /// Black or white by a threshold: a mark lighter than it is not in the file.
            case thresholded
            /// Black or white by error diffusion: grey drawn as scattered dots (`BilevelScan`).
            case dithered
        }

        /// Grey, thresholded or dithered, as the page's pixels were decoded: 1-bit when they are
        /// all black or white, or grey only where black meets white (`GreyedBilevel`).
        package let tone: Tone
        /// The scan's pixels an inch on the page, as the page's corner marks measure it.
        package let dpi: Double

        /// A capture as `ScanGrader` records it, or as a test sets it.
        package init(tone: Tone, dpi: Double) {
            self.tone = tone
            self.dpi = dpi
        }
    }

    package var flagged: [TurnReading] { readings.filter { $0.flag != nil } }
}
