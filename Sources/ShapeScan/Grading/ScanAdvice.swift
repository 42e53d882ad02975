/// What the teacher can change at the copier next week: a note for each kind of page in the scans
/// that reads worse than a grey scan would, shown on stderr and on the review page.
///
/// Two kinds, measured on the outside check (docs/scan.md):
/// - A thresholded 1-bit page holds no mark lighter than the copier's threshold: light pencil is
///   not in the file, and its turn reads as a blank with nothing to show it was ever there.
/// - A dithered 1-bit page under `sharpDPI` draws a pencil tick and a thin pen's stroke as a few
///   more dots than its paper, and they are flagged far more often: on the outside check's
///   half-dithered TIFFs about one clear turn in ten at 150 dpi and one in twenty at 200, against
///   under one in a hundred at 300 dpi and on grey scans.
package enum ScanAdvice {
    /// The resolution from which a dithered page's strokes are wide enough in dots to be read as
    /// a grey page's are.
    package static let sharpDPI = 250.0

    /// The notes for `pages` (each of the pages read once), or none when every page read is a grey
    /// scan, or a dithered one at `sharpDPI` or more, or a dithered one with no turn flagged as too
    /// faint to call (`TurnReading.tooFaint`; both boxes marked is flagged on any scan).
    package static func notes(for pages: [ScannedPage]) -> [String] {
        let read = pages.filter { $0.problem == nil }
        var notes: [String] = []
        let thresholded = read.filter { $0.capture?.tone == .thresholded }
        if !thresholded.isEmpty {
            let them = thresholded.count == 1 ? "it" : "them"
            notes.append(
                "\(subject(thresholded.count, are: "black-and-white (1-bit, not dithered)")): a mark lighter than "
                    + "the copier's threshold is not in \(them) and is read as a blank, or as the other box's choice "
                    + "where both were marked; scan in grey to keep light pencil")
        }
        let dithered = read.filter { page in
            page.capture.map { $0.tone == .dithered && $0.dpi < sharpDPI } ?? false
        }
        let flagged = dithered.reduce(0) { $0 + $1.flagged.filter { $0.flag == TurnReading.tooFaint }.count }
        if flagged > 0 {
            let their = dithered.count == 1 ? "its" : "their"
            notes.append(
                "\(subject(dithered.count, are: "dithered black-and-white")) at about \(dpiRange(dithered)) dpi, \(flagged) "
                    + "of \(their) turns flagged as too faint to call: pencil and thin pen are hard to tell from the "
                    + "dots there; scan in grey, or at 300 dpi, to flag fewer")
        }
        return notes
    }

    /// `1 page is a KIND scan` or `N pages are KIND scans`.
    private static func subject(_ count: Int, are kind: String) -> String {
        count == 1 ? "1 page is a \(kind) scan" : "\(count) pages are \(kind) scans"
    }

    /// The pages' resolutions to the nearest 10 dpi: `150`, or `150–200`.
    private static func dpiRange(_ pages: [ScannedPage]) -> String {
        let dpis = pages.compactMap { $0.capture.map { Int(($0.dpi / 10).rounded()) * 10 } }
        guard let low = dpis.min(), let high = dpis.max() else { return "" }
        return low == high ? "\(low)" : "\(low)–\(high)"
    }
}
