import Foundation
import ShapeTurns

/// `scan --review DIR`: one offline HTML page (no script, no network) with every page it could
/// not read (a thumbnail and why), every flagged turn (the two boxes as scanned, the ink in each,
/// why it was flagged), sheets with pages missing, and every page's code and student. Written
/// through the output policy as compare's report is (`ReportFolder`).
package struct ReviewPage {
    package let outcome: ScanGrader.Outcome

    package init(outcome: ScanGrader.Outcome) {
        self.outcome = outcome
    }

    /// Publishes the page in the folder `path` through the output policy (a `ReportFolder`):
    /// `index.html` and `images/`, whole or not at all.
    package func publish(in path: String) throws(ShapeTurnsError) {
        let folder = try ReportFolder(path: path, parameter: .reviewFolder)
        do {
            var html = Self.head
            html += "<h1>Scan review</h1>\n"
            let flagged = outcome.flagged
            let unreadable = outcome.unreadable
            html +=
                "<p class=\"summary\">\(outcome.pages.count) page\(outcome.pages.count == 1 ? "" : "s") scanned; "
                + "\(unreadable.count) not read; \(flagged.count) turn\(flagged.count == 1 ? "" : "s") flagged.</p>\n"
            html += "<p>A flagged turn is left blank in the responses: look at the boxes, then type the choice into "
            html +=
                "the responses CSV (<code>--responses</code>) and score it again with <code>score --class</code>.</p>\n"
            html += "<h2>Pages not read</h2>\n"
            if unreadable.isEmpty { html += "<p>None.</p>\n" }
            for (index, page) in unreadable.enumerated() {
                html += "<div class=\"item unread\"><h3>\(Self.escape(page.source))</h3>"
                html += "<p class=\"why\">\(Self.escape(page.problem?.description ?? ""))</p>"
                if let thumbnail = page.thumbnail {
                    let name = "page-\(index + 1).png"
                    try folder.writeImage(thumbnail, named: name)
                    html += "<img class=\"thumb\" src=\"images/\(name)\" alt=\"\(Self.escape(page.source))\">"
                }
                html += "</div>\n"
            }
            html += "<h2>Flagged turns</h2>\n"
            if flagged.isEmpty { html += "<p>None.</p>\n" }
            for (index, item) in flagged.enumerated() {
                let who = item.page.student ?? item.page.code?.sheetCode ?? ""
                html += "<div class=\"item flag\"><h3>\(Self.escape(who)): turn \(item.turn.turn)</h3>"
                html += "<p class=\"why\">\(Self.escape(item.turn.flag ?? ""))</p>"
                html +=
                    "<p class=\"read\">Ink in box A: \(Self.percent(item.turn.inkA.ink)) (faint \(Self.percent(item.turn.inkA.faint))); "
                    + "box B: \(Self.percent(item.turn.inkB.ink)) (faint \(Self.percent(item.turn.inkB.faint))). "
                    + "From \(Self.escape(item.page.source)), sheet \(Self.escape(item.page.code?.sheetCode ?? "")).</p>"
                if let crop = item.page.crops[item.turn.turn] {
                    let name = "turn-\(index + 1).png"
                    try folder.writeImage(crop, named: name)
                    html += "<img class=\"crop\" src=\"images/\(name)\" alt=\"boxes of turn \(item.turn.turn)\">"
                }
                html += "</div>\n"
            }
            html += "<h2>Sheets with pages missing</h2>\n"
            html += outcome.missingPages.isEmpty ? "<p>None.</p>\n" : "<ul>\n"
            for line in outcome.missingPages { html += "<li>\(Self.escape(line))</li>\n" }
            if !outcome.missingPages.isEmpty { html += "</ul>\n" }
            html += "<h2>Every page</h2>\n<table><tr><th>scan</th><th>sheet</th><th>page</th><th>student</th>"
            html += "<th>turns read</th><th>flagged</th><th>status</th></tr>\n"
            for page in outcome.pages {
                html += "<tr><td>\(Self.escape(page.source))</td><td>\(Self.escape(page.code?.sheetCode ?? "–"))</td>"
                html +=
                    "<td>\(page.code.map { String($0.page) } ?? "–")</td><td>\(Self.escape(page.student ?? "–"))</td>"
                html += "<td>\(page.readings.count)</td><td>\(page.flagged.count)</td>"
                html += "<td>\(Self.escape(page.problem?.description ?? "read"))</td></tr>\n"
            }
            html += "</table>\n</body>\n</html>\n"
            try folder.finish(page: html)
        } catch {
            folder.discard()
            throw error
        }
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.1f%%", 100 * share)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        \(ReportFolder.reviewMarker)
        <title>ShapeTurns scan review</title>
        <style>
        body { font-family: sans-serif; margin: 2em; color: #222; }
        .item { border: 1px solid #ccc; border-radius: 6px; padding: 0.6em 1em; margin: 0.8em 0; }
        .unread { border-color: #c44; } .flag { border-color: #d90; }
        .why { font-weight: bold; } .crop { border: 1px solid #888; image-rendering: auto; }
        .thumb { border: 1px solid #888; max-width: 360px; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
        </style>
        </head>
        <body>

        """
}
