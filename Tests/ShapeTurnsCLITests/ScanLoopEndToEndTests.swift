import Foundation
import Testing

/// The teacher's whole loop, checked from outside (`scripts/checks/scan-loop-check.py`): a class
/// printed with `worksheet --class`, its sheets filled with the outside check's pens, one page
/// photographed ruined, the folder of pages scanned with `--review`, every turn the review page
/// asks about decided in headless Chromium from what is on the paper, the responses saved and
/// scored. The final gradebook must be the truth the script works out from its own marks and the
/// key PDF's text; scan's own responses, with the ruined page's turns "not read", must be refused.
@Suite(.slow) struct ScanLoopEndToEndTests {
    @Test func theSavedResponsesOfAPileWithARefusedPageScoreToTheTruth() throws {
        let folder = try TemporaryFolder()
        let result = try PythonCheck.run(
            "scan-loop-check.py", ["--bin", ShapeTurnsBinary.url.path, "--work", folder.path("loop")])
        let scan = try #require(result["scan"] as? [String: Any])
        let scanErrors = scan["stderr"] as? String ?? ""
        #expect(scan["status"] as? Int == 65, "\(scanErrors)")
        #expect(scanErrors.contains("shapeturns: scans/notes.txt: skipped: not a PDF, TIFF, JPEG or PNG scan\n"))
        #expect(scanErrors.contains("shapeturns: scans/IMG_ruined.jpg: not read: no ShapeTurns page found"))
        #expect(scanErrors.contains("(Ingrid Øvergaard): page 1 may be the page refused, scans/IMG_ruined.jpg: "))

        // Scan's own responses carry the ruined page's turns as not read: score refuses them.
        let raw = try #require(result["raw"] as? [String: Any])
        #expect(raw["status"] as? Int == 65)
        let rawErrors = raw["stderr"] as? String ?? ""
        #expect(rawErrors.contains("of 'Ingrid Øvergaard' were not read from the scans"), "\(rawErrors)")
        #expect(rawErrors.components(separatedBy: "\n").count == 2, "one line: \(rawErrors)")

        let review = try #require(result["review"] as? [String: Any])
        #expect(review["errors"] as? [String] == [], "\(review["errors"] ?? "")")
        #expect(review["downloaded"] as? Bool == true)
        let missing = review["missing"] as? [String] ?? []
        #expect(missing.count == 1 && missing[0].contains("page 1 may be the page refused"), "\(missing)")
        #expect((review["asked"] as? Int ?? 0) >= 6, "the ruined page's turns at least: \(review)")
        #expect((review["progress"] as? String)?.hasSuffix(" turns decided.") == true, "\(review)")

        let final = try #require(result["final"] as? [String: Any])
        #expect(final["status"] as? Int == 0, "\(final["stderr"] ?? "")")
        let truth = try #require(result["truth"] as? [String: [Int]])
        #expect(result["keyTurnsFound"] as? Int == 4 * 12)
        #expect(truth.count == 4)
        #expect(final["gradebook"] as? [String: [Int]] == truth, "\(final["gradebook"] ?? "") vs \(truth)")
    }
}
