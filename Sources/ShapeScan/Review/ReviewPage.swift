import Foundation
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// `scan --review DIR`: the offline page (`index.html` and its images, nothing from the
/// network, under a Content-Security-Policy that allows nothing else) where the teacher decides
/// what the scanner would not guess.
///
/// It lists every flagged turn in roster order (the two boxes as scanned, what was read in each,
/// why it was flagged) with A, B and Blank to choose from, then every turn whose page was not
/// read (`NotRead`: refused, and why, or not scanned), to be decided from the paper; a link saves the responses read, with the
/// teacher's choices put in, as the long-form CSV `score --class` reads (built in the page: no
/// server). Then every page not read (a thumbnail and why), sheets with pages missing, and
/// every page's code and student; under its summary, the notes on how the pages were scanned
/// (`ScanAdvice`). Without its script the link saves the responses as read.
/// Written through the output policy as compare's report is (`ReportFolder`).
package struct ReviewPage {
    package let outcome: ScanGrader.Outcome
    /// The command that scores the saved file, shown to the teacher.
    package let scoreCommand: String

    /// The name the page offers to save the corrected responses under.
    package static let savedName = "corrected-responses.csv"

    package init(outcome: ScanGrader.Outcome, scoreCommand: String = "shapeturns score --key KEY --class \(savedName)")
    {
        self.outcome = outcome
        self.scoreCommand = scoreCommand
    }

    /// Publishes the page in the folder `path` through the output policy (a `ReportFolder`):
    /// `index.html` and `images/`, whole or not at all.
    package func publish(in path: String) throws(ShapeTurnsError) {
        try publish(in: ReportFolder(path: path, parameter: .reviewFolder))
    }

    /// Publishes the page in `folder`, made (and so checked) before the pages were read.
    package func publish(in folder: ReportFolder) throws(ShapeTurnsError) {
        do {
            let page = try document { (bytes: [UInt8], name: String) throws(ShapeTurnsError) in
                try folder.writeImage(bytes, named: name)
            }
            try folder.finish(page: page)
        } catch {
            folder.discard()
            throw error
        }
    }

    /// The `img` of a turn's two boxes as scanned (on `copy`, when the page is in the scans twice),
    /// `crop` stored as `name` by `write`; or a line saying there is no picture.
    private static func crop(
        _ crop: [UInt8]?, named name: String, turn: Int, on copy: String? = nil,
        writing write: ([UInt8], String) throws(ShapeTurnsError) -> Void
    ) throws(ShapeTurnsError) -> String {
        guard let crop else { return "<p class=\"crop missing\">No picture of the boxes.</p>\n" }
        try write(crop, name)
        let alt = "the boxes of turn \(turn) as scanned" + (copy.map { " on \($0)" } ?? "")
        return "<img class=\"crop\" src=\"images/\(name)\" alt=\"\(alt)\">\n"
    }

    /// The page's HTML; `write` stores each image it refers to under `images/`.
    func document(writingImages write: ([UInt8], String) throws(ShapeTurnsError) -> Void) throws(ShapeTurnsError)
        -> String
    {
        let flagged = outcome.flagged
        let unreadable = outcome.unreadable
        let blank = outcome.pages.filter { $0.problem?.isSkipped == true }
        var html = Self.head
        html += "<header>\n<h1>Scan review</h1>\n<p class=\"summary\" id=\"summary\">"
        html += Self.count(outcome.pages.count, "page") + " scanned: "
        html += "\(outcome.pages.count - unreadable.count - blank.count) read, \(unreadable.count) not read"
        html += blank.isEmpty ? "" : ", \(blank.count) blank (skipped)"
        html += "; " + Self.count(flagged.count, "turn") + " flagged"
        html += outcome.notRead.isEmpty ? "" : ", " + Self.count(outcome.notRead.count, "turn") + " not read"
        html +=
            outcome.missingPages.isEmpty
            ? "" : "; " + Self.count(outcome.missingPages.count, "sheet") + " with pages missing"
        html += ".</p>\n"
        for note in ScanAdvice.notes(for: outcome.pages, isolatingNames: true) {
            html += "<p class=\"advice\">Note: \(Self.escape(note)).</p>\n"
        }
        html += "</header>\n"

        html += "<section id=\"decide\">\n<h2>Flagged turns: you decide</h2>\n"
        html += "<p class=\"help\">The scanner does not guess: each turn below was left blank in the gradebook. "
        html += "Look at the two boxes as scanned and choose what the child answered. Then save the corrected "
        html += "responses and score them:</p>\n<pre class=\"command\">\(Self.escape(scoreCommand))</pre>\n"
        if flagged.isEmpty { html += "<p class=\"none\">No turn was flagged.</p>\n" }
        for (index, item) in flagged.enumerated() {
            let code = item.page.code?.sheetCode ?? ""
            let who = outcome.responses.student(of: code)
            let turn = item.turn.turn
            html += "<article class=\"flagged\" data-sheet=\"\(Self.escape(code))\" data-turn=\"\(turn)\""
            html += " data-student=\"\(Self.escape(who))\">\n"
            if let other = item.page.otherCopies[turn] {
                // Two copies of the page read the turn differently: both are pictured.
                html += "<div class=\"copies\">\n"
                for (crop, name, caption, copy, source) in [
                    (item.page.crops[turn], "turn-\(index + 1).png", "First copy", "the first copy", item.page.source),
                    (other.crop, "turn-\(index + 1)-copy.png", "Another copy", "another copy", other.source),
                ] {
                    html += "<figure>\n"
                    html += try Self.crop(crop, named: name, turn: turn, on: copy, writing: write)
                    html += "<figcaption>\(caption): \(Self.escape(source))</figcaption>\n</figure>\n"
                }
                html += "</div>\n"
            } else {
                html += try Self.crop(item.page.crops[turn], named: "turn-\(index + 1).png", turn: turn, writing: write)
            }
            html += "<div class=\"about\">\n<h3><bdi class=\"student\">\(Self.escape(who))</bdi>, turn \(turn)</h3>\n"
            html += "<p class=\"why\">Flagged: \(Self.escape(item.turn.flag ?? ""))</p>\n"
            html +=
                "<p class=\"read\">Read: box A \(Self.describe(item.turn.inkA)); box B \(Self.describe(item.turn.inkB)).</p>\n"
            html += "<p class=\"where\">\(Self.escape(item.page.source)), sheet \(Self.escape(code))"
            html += item.page.code.map { ", page \($0.page)" } ?? ""
            html += ".</p>\n" + Self.choices(named: "decide-\(index + 1)")
            html += "</div>\n</article>\n"
        }
        let notRead = outcome.notRead
        if !notRead.isEmpty {
            html += "<h2 id=\"not-read\">Turns not read: you decide from the paper</h2>\n"
            html += "<p class=\"help\">These turns' pages were refused or not scanned (below, with why). "
            html += "score --class will not grade them until each is decided: look at the child's sheet and "
            html += "choose what they answered.</p>\n"
        }
        for (offset, row) in notRead.enumerated() {
            let index = flagged.count + offset
            html +=
                "<article class=\"flagged notread\" data-sheet=\"\(Self.escape(row.sheet))\" data-turn=\"\(row.turn)\""
            html += " data-student=\"\(Self.escape(row.student))\">\n"
            html +=
                "<div class=\"about\">\n<h3><bdi class=\"student\">\(Self.escape(row.student))</bdi>, turn \(row.turn)</h3>\n"
            html += "<p class=\"why\">\(Self.escape(Self.capitalized(row.flag)))</p>\n"
            html += "<p class=\"where\">Sheet \(Self.escape(row.sheet)).</p>\n"
            html += Self.choices(named: "decide-\(index + 1)")
            html += "</div>\n</article>\n"
        }
        html += "<p class=\"save\"><a id=\"save\" download=\"\(Self.savedName)\" href=\"data:text/csv;charset=utf-8,"
        html += Self.percentEncoded(outcome.responses.csv) + "\">Save the responses (CSV)</a> "
        html +=
            "<span id=\"progress\">"
            + (flagged.isEmpty && outcome.notRead.isEmpty
                ? "Nothing to decide."
                : "Flagged turns you leave undecided stay blank; turns not read stay not read, which score refuses.")
        html += "</span></p>\n</section>\n"

        html += "<section id=\"unread\">\n<h2>Pages not read</h2>\n"
        html += "<p class=\"help\">Nothing on these pages was given to anyone. Scan them again, or decide their "
        html += "turns above.</p>\n"
        if unreadable.isEmpty { html += "<p class=\"none\">None.</p>\n" }
        for (index, page) in unreadable.enumerated() {
            html += "<article class=\"unread\" data-source=\"\(Self.escape(page.source))\">\n"
            if let thumbnail = page.thumbnail {
                let name = "page-\(index + 1).png"
                try write(thumbnail, name)
                html += "<img class=\"thumb\" src=\"images/\(name)\" alt=\"\(Self.escape(page.source))\">\n"
            }
            html += "<div class=\"about\"><h3>\(Self.escape(page.source))</h3>\n"
            html += "<p class=\"why\">\(Self.escape(page.problem?.description ?? ""))</p></div>\n</article>\n"
        }
        html += "</section>\n<section id=\"missing\">\n<h2>Sheets with pages missing</h2>\n"
        html += outcome.missingPages.isEmpty ? "<p class=\"none\">None.</p>\n" : "<ul>\n"
        for line in outcome.missingPages { html += "<li>\(Self.escape(line))</li>\n" }
        if !outcome.missingPages.isEmpty { html += "</ul>\n" }

        html +=
            "</section>\n<section id=\"pages\">\n<h2>Every page</h2>\n<table>\n<thead><tr><th>Scan</th><th>Sheet</th>"
        html +=
            "<th>Page</th><th>Student</th><th>Turns read</th><th>Flagged</th><th>Status</th></tr></thead>\n<tbody>\n"
        for page in outcome.pages {
            let status: String
            if let problem = page.problem {
                status = problem.description
            } else if let tags = page.tagsFound, tags < 3 {
                status = "read from \(tags) of 4 corner marks, checked against its boxes"
            } else {
                status = "read"
            }
            html +=
                "<tr class=\"\(page.problem == nil ? "read" : page.problem?.isSkipped == true ? "skipped" : "unread")\">"
            html += "<td>\(Self.escape(page.source))</td><td>\(Self.escape(page.code?.sheetCode ?? "–"))</td>"
            html += "<td>\(page.code.map { String($0.page) } ?? "–")</td>"
            html +=
                "<td>\(Self.escape(page.code.flatMap { page.student == nil ? nil : outcome.responses.student(of: $0.sheetCode) } ?? "–"))</td>"
            html +=
                "<td>\(page.readings.count)</td><td>\(page.flagged.count)</td><td>\(Self.escape(status))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"
        html += "<script type=\"application/json\" id=\"responses\">\(Self.rowsJSON(outcome.responses.rows))</script>\n"
        html += Self.script
        html += "</body>\n</html>\n"
        return html
    }

    /// The A, B and Blank choices of one turn, radio buttons named `name`.
    private static func choices(named name: String) -> String {
        var html = "<fieldset class=\"choice\"><legend>The answer</legend>\n"
        for (value, label) in [("a", "A"), ("b", "B"), ("", "Blank")] {
            html += "<label><input type=\"radio\" name=\"\(name)\" value=\"\(value)\"> \(label)</label>\n"
        }
        return html + "</fieldset>\n"
    }

    /// `text` with its first letter in upper case: `Not read: page 1 refused`.
    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// `marked (ink 12.0%, faint 20.1%)`.
    private static func describe(_ ink: BoxInk) -> String {
        let verdict =
            switch ink.verdict {
            case .marked: "marked"
            case .empty: "empty"
            case .unsure: "unsure"
            }
        return "\(verdict) (ink \(percent(ink.ink)), faint \(percent(ink.faint)))"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.1f%%", 100 * share)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `text` with every byte but ASCII letters, digits and `-._~` percent-encoded, for a `data:` URL.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let safe =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || Array("-._~".utf8).contains(byte)
            if safe {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// The rows as a JSON array of `[student, sheet, turn, choice, flag]`, safe inside `<script>`.
    static func rowsJSON(_ rows: [ScanResponses.Row]) -> String {
        func string(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "<", ">", "&", "\u{2028}", "\u{2029}": out += String(format: "\\u%04x", scalar.value)
                default:
                    if scalar.value < 0x20 {
                        out += String(format: "\\u%04x", scalar.value)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        let items = rows.map { row in
            "[\(string(row.student)),\(string(row.sheet)),\(row.turn),\(string(row.choice)),\(string(row.flag))]"
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }

    private static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="shapeturns scan --review">
        <title>ShapeTurns scan review</title>
        <style>
        :root { --line: #d0d7de; --muted: #57606a; --flag: #9a6700; --bad: #cf222e; --good: #1a7f37; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1f2328; background: #f6f8fa; }
        header { background: #fff; border-bottom: 1px solid var(--line); padding: 12px 24px; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        h2 { font-size: 17px; margin: 0 0 8px; }
        h3 { font-size: 15px; margin: 0 0 4px; }
        section { background: #fff; border: 1px solid var(--line); border-radius: 8px; margin: 16px 24px; padding: 14px 18px; }
        .summary { margin: 0; color: var(--muted); }
        .advice { margin: 8px 0 0; padding: 6px 10px; max-width: 60em; background: #fff8c5; border-left: 4px solid var(--flag); border-radius: 4px; }
        .help { margin: 0 0 8px; color: var(--muted); max-width: 60em; }
        .command { background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; margin: 0 0 12px; white-space: pre-wrap; }
        article { display: flex; gap: 18px; align-items: flex-start; border: 1px solid var(--line); border-left-width: 4px; border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
        article.flagged { border-left-color: var(--flag); }
        article.flagged.decided { border-left-color: var(--good); }
        article.unread { border-left-color: var(--bad); }
        article.flagged.notread:not(.decided) { border-left-color: var(--bad); }
        article p { margin: 2px 0; }
        .why { font-weight: 600; }
        .read, .where { color: var(--muted); font-size: 13px; }
        .crop { border: 1px solid #8c959f; max-width: 560px; }
        .copies { display: flex; flex-direction: column; gap: 6px; }
        .copies figure { margin: 0; }
        .copies figcaption { color: var(--muted); font-size: 13px; }
        .thumb { border: 1px solid #8c959f; max-width: 240px; }
        fieldset.choice { border: 0; padding: 0; margin: 8px 0 0; display: flex; gap: 6px; }
        fieldset.choice legend { float: left; margin-right: 8px; padding: 4px 0; font-weight: 600; }
        fieldset.choice label { border: 1px solid var(--line); border-radius: 6px; padding: 4px 14px; cursor: pointer; background: #fff; }
        fieldset.choice label:has(input:checked) { background: #ddf4ff; border-color: #0969da; }
        .save { margin: 14px 0 0; display: flex; gap: 14px; align-items: center; }
        #save { background: #1f883d; color: #fff; border-radius: 6px; padding: 7px 14px; text-decoration: none; font-weight: 600; }
        #progress { color: var(--muted); }
        .none { color: var(--muted); margin: 0; }
        table { border-collapse: collapse; width: 100%; font-size: 14px; }
        th, td { border-bottom: 1px solid var(--line); padding: 4px 10px; text-align: left; }
        tr.unread td:last-child { color: var(--bad); font-weight: 600; }
        tr.skipped td { color: var(--muted); }
        </style>
        </head>
        <body>

        """

    /// Builds the corrected CSV whenever a choice changes and sets it as the save link's target.
    private static let script = """
        <script>
        (function () {
          "use strict";
          var rows = JSON.parse(document.getElementById("responses").textContent);
          var items = Array.prototype.slice.call(document.querySelectorAll("article.flagged"));
          var save = document.getElementById("save");
          var progress = document.getElementById("progress");
          function cell(text) {
            text = String(text);
            return /[",\\r\\n]/.test(text) || text.charAt(0) === " " ? "\\"" + text.replace(/"/g, "\\"\\"") + "\\"" : text;
          }
          function update() {
            var decided = {};
            var count = 0;
            items.forEach(function (item) {
              var checked = item.querySelector("input:checked");
              item.classList.toggle("decided", checked !== null);
              if (checked !== null) {
                decided[item.dataset.sheet + "/" + item.dataset.turn] = checked.value;
                count += 1;
              }
            });
            var lines = ["\(ScanResponses.header)"];
            rows.forEach(function (row) {
              var key = row[1] + "/" + row[2];
              var choice = row[3];
              var flag = row[4];
              if (Object.prototype.hasOwnProperty.call(decided, key)) {
                choice = decided[key];
                flag = "decided in review (" + flag + ")";
              }
              lines.push([row[0], row[1], row[2], choice, flag].map(cell).join(","));
            });
            save.href = "data:text/csv;charset=utf-8," + encodeURIComponent(lines.join("\\n") + "\\n");
            if (items.length > 0) {
              progress.textContent = count + " of " + items.length + " turns decided" +
                (count < items.length ? "; flagged turns left undecided stay blank, turns not read stay not read." : ".");
            }
          }
          items.forEach(function (item) {
            item.querySelectorAll("input").forEach(function (input) { input.addEventListener("change", update); });
          });
          update();
          document.body.dataset.ready = "true";
        })();
        </script>

        """
}
