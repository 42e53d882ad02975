import Foundation
import Testing

/// Reaction times as `shapeturns play` records them, checked from outside the page in Chromium
/// (scripts/checks/play-rt-harness.py): presses by mouse, touch and key after a known delay from
/// the frame that painted the shapes, held 80 and 200 ms, must give recorded times within 10 ms
/// (mean) and 15 ms (sd) of the delay the harness saw, whatever the hold, and name the input.
@Suite("shapeturns play: reaction times in a real browser", .slow)
struct PlayReactionTimeTests {
    @Test func pressesByMouseTouchAndKeyAreTimedFromPaintToPress() throws {
        let folder = try TemporaryFolder()
        let records = folder.url.appendingPathComponent("records")
        // 2 holds x 2 delays x 4 repeats: 16 turns per input.
        let server = try PlayServerProcess(["--out", records.path, "--turns", "16", "--size", "128"])
        let seen = try PythonCheck.run(
            "play-rt-harness.py",
            [server.base, records.path, "--holds", "80,200", "--delays", "300,600", "--reps", "4"])
        #expect((seen["errors"] as? [String]) == [], "\(seen["errors"] ?? "")")
        let table = try #require(seen["byInput"] as? [String: [String: Double]])
        let recorded = try #require(seen["inputsRecorded"] as? [String: [String]])
        for input in ["mouse", "touch", "key"] {
            let row = try #require(table[input], "no presses by \(input): \(seen)")
            #expect(row["n"] == 16)
            #expect(abs(row["meanError"] ?? .infinity) <= 10, "\(input): \(row)")
            #expect((row["sdError"] ?? .infinity) <= 15, "\(input): \(row)")
            #expect(recorded[input] == [input], "the record names the input: \(recorded)")
        }
        #expect(server.stop() == 0)
    }
}
