import Foundation
import ShapeGame
import ShapeTurns
import Testing

/// `scan --review DIR` as a teacher uses it, in headless Chromium from file:// (selenium,
/// `scripts/checks/review-in-browser.py`): every flagged turn with its boxes as scanned and what
/// was read, every page not read with why, every page's code and student, nothing loaded but
/// the page's own files; then the teacher decides the flagged turns, saves the corrected
/// responses, and `score --class` scores them.
@Suite(.slow) struct ScanReviewInBrowserTests {
    @Test func theTeacherSeesEveryFlagAndEveryPageNotReadDecidesAndScoresTheSavedFile() throws {
        let scans = try TickedClass(roster: ScanCommandTests.roster, ticks: ScanCommandTests.ticks)
        try scans.writeStrangers()
        let folder = scans.folder
        let own = scans.scansButOne
        let strangers = TickedClass.strangers
        let result = try ShapeTurnsBinary.run(
            ["scan"] + own + strangers + [
                "--key", "class-key.pdf", "--csv", "gradebook.csv", "--responses", "read.csv", "--review", "review",
            ], in: folder.url)
        #expect(result.status == 65, "\(result.stderr)")
        let codes = scans.key.sheets.map { $0.code ?? "" }
        let other = try ScoringKey.load(folder.path("other-key.pdf")).sheets[0].code ?? "?"

        // Cara's turn 3 is decided for the shape that is the larger, Ben's turn 5 as a blank, and
        // Ben's turns 9 and 10, on his page not scanned, from his paper: the wrong shape.
        let caraRight = scans.key.sheets[2].turns[2].larger.rawValue
        let benWrong = [8, 9].map { scans.key.sheets[1].turns[$0].larger == .a ? "b" : "a" }
        let decisions = [
            "\(codes[2])/3": caraRight, "\(codes[1])/5": "", "\(codes[1])/9": benWrong[0],
            "\(codes[1])/10": benWrong[1],
        ]
        try JSONSerialization.data(withJSONObject: decisions).write(
            to: folder.url.appendingPathComponent("decide.json"))
        var arguments = [folder.path("review/index.html"), folder.path("decide.json")]
        if let shot = ProcessInfo.processInfo.environment["SHAPETURNS_REVIEW_SCREENSHOT"] { arguments.append(shot) }
        let page = try PythonCheck.run("review-in-browser.py", arguments)

        #expect(page["errors"] as? [String] == [], "\(page["errors"] ?? "")")
        let csp = try #require(page["csp"] as? String)
        #expect(csp.hasPrefix("default-src 'none'"), "\(csp)")
        let resources = try #require(page["resources"] as? [String])
        #expect(resources.count == 6, "two crops and four thumbnails: \(resources)")
        #expect(resources.allSatisfy { $0.hasPrefix("file:///") }, "\(resources)")

        // Every flagged turn, with its boxes as scanned, what was read and why; then the turns
        // of the page not read, to be decided from the paper, saying why they were not read.
        let asked = try #require(page["flagged"] as? [[String: Any]])
        try #require(asked.count == 4, "\(asked)")
        let flagged = Array(asked.prefix(2))
        let benMissing =
            "page 2 may be one of the 2 pages refused (photo.png: no ShapeTurns page found (0 of 4 corner marks; "
            + "at least 2 are needed); damaged.png: the page code at the foot of the page could not be read)"
        for (item, turn) in zip(asked.suffix(2), [9, 10]) {
            #expect(item["student"] as? String == "Ben Okafor" && item["turn"] as? Int == turn, "\(item)")
            #expect(item["why"] as? String == "Not read: \(benMissing)", "\(item)")
            #expect(item["choices"] as? [String] == ["a", "b", ""], "\(item)")
        }
        #expect(flagged.map { "\($0["student"] ?? "") \($0["turn"] ?? "")" } == ["Ben Okafor 5", "Diaz, Cara 3"])
        #expect(flagged.map { $0["sheet"] as? String } == [codes[1], codes[2]])
        for item in flagged {
            let crops = item["crops"] as? [Int] ?? []
            #expect(crops.count == 1 && crops.allSatisfy { $0 > 0 }, "crop not loaded: \(item)")
            #expect(item["why"] as? String == "Flagged: both boxes marked", "\(item)")
            let read = item["read"] as? String ?? ""
            #expect(read.hasPrefix("Read: box A marked (ink ") && read.contains("; box B marked (ink "), "\(read)")
            #expect(item["choices"] as? [String] == ["a", "b", ""], "\(item)")
        }
        #expect(
            flagged.map { $0["where"] as? String } == [
                "scan-3.png, sheet \(codes[1]), page 1.", "scan-5.png, sheet \(codes[2]), page 1.",
            ])

        // Every page not read, with its thumbnail and why; the missing page; the blank page.
        let unread = try #require(page["unread"] as? [[String: Any]])
        let whys = Dictionary(
            uniqueKeysWithValues: unread.map { ($0["source"] as? String ?? "", $0["why"] as? String ?? "") })
        #expect(
            whys == [
                "photo.png": "no ShapeTurns page found (0 of 4 corner marks; at least 2 are needed)",
                "damaged.png": "the page code at the foot of the page could not be read",
                "again.png": "page 2 of sheet \(codes[0]) again (first read from scan-2.png)",
                "other.png": "sheet \(other) is not in the key",
            ], "\(unread)")
        #expect(unread.allSatisfy { ($0["thumbs"] as? [Int]).map { $0.count == 1 && $0[0] > 0 } ?? false }, "\(unread)")
        #expect(
            page["missing"] as? [String] == [
                "sheet \(codes[1]) (Ben Okafor): \(benMissing); its turns count as blank here and are \"not read\" in the responses"
            ])
        #expect(
            (page["summary"] as? String)?.hasPrefix(
                "12 pages scanned: 7 read, 4 not read, 1 blank (skipped); 2 turns flagged, 2 turns not read") == true,
            "\(page["summary"] ?? "")")

        // Every page's code and student.
        let table = try #require(page["pages"] as? [[String]])
        #expect(table.count == own.count + strangers.count)
        let students = ScanCommandTests.roster.enumerated().map { $1 == "Ana Lima" ? "Ana Lima #\($0 + 1)" : $1 }
        for (index, name) in own.enumerated() {
            let number = Int(name.dropFirst(5).dropLast(4)) ?? 0
            let sheet = (number - 1) / TickedClass.pagesPerSheet
            #expect(
                table[index] == [
                    name, codes[sheet], String((number - 1) % TickedClass.pagesPerSheet + 1), students[sheet],
                    number % 2 == 1 ? "8" : "2", number == 3 || number == 5 ? "1" : "0", "read",
                ], "\(table[index])")
        }
        #expect(table[own.count].first == "blank.png" && table[own.count].last == "a blank page, skipped")
        #expect(table[own.count + 4] == ["other.png", other, "1", "–", "0", "0", "sheet \(other) is not in the key"])

        // Before any choice the link saves the responses as read; after, the teacher's choices.
        let read = try String(contentsOfFile: folder.path("read.csv"), encoding: .utf8)
        #expect(page["initial"] as? String == read)
        #expect(page["progress"] as? String == "4 of 4 turns decided.")
        let linked = try #require(page["linked"] as? String)
        #expect(page["downloaded"] as? String == linked, "the file Chromium saved is not the link's")
        #expect(
            linked.contains("\n\"Diaz, Cara\",\(codes[2]),3,\(caraRight),decided in review (both boxes marked)\n"),
            "\(linked)")
        #expect(linked.contains("\nBen Okafor,\(codes[1]),5,,decided in review (both boxes marked)\n"), "\(linked)")
        #expect(
            linked.contains(
                "\nBen Okafor,\(codes[1]),9,\(benWrong[0]),decided in review (not read: \(benMissing))\n"),
            "\(linked)")
        #expect(
            linked.count == read.count + caraRight.count + 2 + 4 * "decided in review ()".count,
            "only the decided rows change")

        // Scan's own responses hold Ben's turns not read: score --class refuses them.
        let raw = try ShapeTurnsBinary.run(["score", "--key", "class-key.pdf", "--class", "read.csv"], in: folder.url)
        #expect(raw.status == 65 && raw.stderr.contains("2 turns of 'Ben Okafor' were not read"), "\(raw.stderr)")

        // score --class scores the saved file: Cara's turn 3 counts, Ben's turns 9 and 10 are
        // wrong rather than blank, nothing else changes.
        try linked.write(toFile: folder.path("corrected-responses.csv"), atomically: true, encoding: .utf8)
        let scored = try ShapeTurnsBinary.run(
            ["score", "--key", "class-key.pdf", "--class", "corrected-responses.csv", "--csv", "corrected.csv"],
            in: folder.url)
        #expect(scored.status == 0, "\(scored.stderr)")
        let before = ScanCommandTests.rows(try String(contentsOfFile: folder.path("gradebook.csv"), encoding: .utf8))
        let after = ScanCommandTests.rows(try String(contentsOfFile: folder.path("corrected.csv"), encoding: .utf8))
        let correct = try #require(before.first?.firstIndex(of: "correct"))
        try #require(before.count == 5 && after.count == 5)
        #expect(before[1...].map { Int($0[correct]) } == [10, 0, 9, 9])
        #expect(after[1...].map { Int($0[correct]) } == [10, 0, 10, 9])
        let blank = try #require(before.first?.firstIndex(of: "blank"))
        #expect(before[2][blank] == "3" && after[2][blank] == "1", "\(before[2]) then \(after[2])")
        #expect(after[1] == before[1] && after[4] == before[4])
    }

    /// A page scanned twice whose copies disagree (ticked, then the same page unticked, as a
    /// copier's threshold can drop a light pen): each of its turns is shown from both copies,
    /// captioned with where each was scanned, and both pictures load.
    @Test func aTurnTwoCopiesReadDifferentlyIsShownFromBoth() throws {
        let scans = try TickedClass(roster: ["Ana Lima"]) { _, _, larger in [larger] }
        try scans.rasterise("class.pdf", page: 1, as: "unticked.png")
        let result = try ShapeTurnsBinary.run(
            ["scan", "scan-1.png", "scan-2.png", "unticked.png", "--key", "class-key.pdf", "--review", "review"],
            in: scans.folder.url)
        #expect(result.status == 65, "\(result.stderr)")
        try "{}".write(toFile: scans.folder.path("decide.json"), atomically: true, encoding: .utf8)
        let page = try PythonCheck.run(
            "review-in-browser.py", [scans.folder.path("review/index.html"), scans.folder.path("decide.json")])

        #expect(page["errors"] as? [String] == [], "\(page["errors"] ?? "")")
        let flagged = try #require(page["flagged"] as? [[String: Any]])
        let firstPage = WorksheetLayout(turnCount: TickedClass.turns).pages[0].turnNumbers
        #expect(flagged.compactMap { $0["turn"] as? Int } == Array(firstPage))
        for item in flagged {
            let larger = scans.key.sheets[0].turns[(item["turn"] as? Int ?? 1) - 1].larger.rawValue.uppercased()
            #expect(
                item["why"] as? String
                    == "Flagged: another copy of this page reads it differently: \(larger) here, blank on unticked.png",
                "\(item)")
            let crops = item["crops"] as? [Int] ?? []
            #expect(crops.count == 2 && crops.allSatisfy { $0 > 0 }, "pictures not loaded: \(item)")
            #expect(
                item["captions"] as? [String] == ["First copy: scan-1.png", "Another copy: unticked.png"], "\(item)")
        }
    }
}
