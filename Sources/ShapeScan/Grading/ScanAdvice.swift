import ShapeRendering

/// What the teacher can change at the copier next week: a note for each kind of page in the scans
/// that reads worse than a grey scan would, shown on stderr and on the review page.
///
/// Two kinds, measured on the outside check (docs/scan.md):
/// - A 1-bit page (thresholded or dithered) holds no mark lighter than the copier's threshold:
///   light pencil and orange or pink felt may not be in the file, and such a turn reads as a blank
///   with nothing to show it was ever there. The note names every student whose pages were 1-bit,
///   says what may have been dropped, and the copier setting to use instead.
/// - A dithered 1-bit page under `sharpDPI` draws a pencil tick and a thin pen's stroke as a few
///   more dots than its paper, and they are flagged far more often: on the outside check's
///   half-dithered TIFFs about one clear turn in ten at 150 dpi and one in twenty at 200, against
///   under one in a hundred at 300 dpi and on grey scans.
package enum ScanAdvice {
    /// The resolution from which a dithered page's strokes are wide enough in dots to be read as
    /// a grey page's are.
    package static let sharpDPI = 250.0

    /// The copier setting that keeps every mark, as the notes give it.
    package static let greySetting =
        "set the copier to grey (or photo) mode at 200–300 dpi, not black-and-white (text) mode"

    /// The notes for `pages` (each of the pages read once), or none when every page read is a grey
    /// scan. A 1-bit page always gets one; a dithered one under `sharpDPI` with turns flagged as
    /// too faint or small to call (`TurnReading.isUnsure`) another. With `isolatingNames`, for a
    /// page that orders text by direction, each student named is isolated (`list`).
    package static func notes(for pages: [ScannedPage], isolatingNames: Bool = false) -> [String] {
        let read = pages.filter { $0.problem == nil }
        var notes: [String] = []
        let bilevel = read.filter { $0.capture.map { $0.tone != .grey } ?? false }
        if !bilevel.isEmpty {
            let whose = students(of: bilevel)
            let them = bilevel.count == 1 ? "it" : "them"
            let flagged = bilevel.reduce(0) { $0 + $1.flagged.count }
            notes.append(
                "\(subject(bilevel.count, are: "black-and-white (1-bit)")), not grey: the pages of \(isolatingNames ? list(whose) : whose.joined(separator: ", ")). "
                    + "A 1-bit copy keeps only what is darker than the copier's threshold: light pencil and coloured "
                    + "ink (orange, pink, yellow felt) may have been dropped from \(them), so a turn read as a blank "
                    + "there may have been marked; every turn with a trace of ink near its boxes is flagged "
                    + "(\(flagged) flagged there). To keep every mark, \(greySetting)")
        }
        let dithered = read.filter { page in
            page.capture.map { $0.tone == .dithered && $0.dpi < sharpDPI } ?? false
        }
        let flagged = dithered.reduce(0) { $0 + $1.flagged.filter { $0.isUnsure }.count }
        if flagged > 0 {
            let their = dithered.count == 1 ? "its" : "their"
            notes.append(
                "\(subject(dithered.count, are: "dithered black-and-white")) at about \(dpiRange(dithered)) dpi, \(flagged) "
                    + "of \(their) turns flagged as too faint to call: pencil and thin pen are hard to tell from the "
                    + "dots there; scan in grey, or at 300 dpi, to flag fewer")
        }
        return notes
    }

    /// The students (or, for a sheet without a name, its code) whose sheets `pages` are, a sheet
    /// once, in the order of their first page.
    private static func students(of pages: [ScannedPage]) -> [String] {
        var sheets: Set<String> = []
        var names: [String] = []
        for page in pages {
            guard let code = page.code?.sheetCode, sheets.insert(code).inserted else { continue }
            names.append(page.student ?? "sheet \(code)")
        }
        return names
    }

    /// `names` joined by commas, each between Unicode's first-strong and pop isolates (U+2068,
    /// U+2069): on the review page, two right-to-left names side by side would otherwise be shown
    /// as one run, the second first. Plain text (stderr, the JSON) keeps the names as they are:
    /// a terminal shows them in the order written, and may draw an isolate as a box.
    package static func list(_ names: [String]) -> String {
        names.map { "\u{2068}\($0)\u{2069}" }.joined(separator: ", ")
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
