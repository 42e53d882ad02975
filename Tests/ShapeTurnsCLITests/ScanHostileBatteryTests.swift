import Foundation
import Testing

/// `scripts/checks/scan-hostile-battery.py`, written apart from the scanner, makes hostile scan
/// files by hand (a PDF of 10,000 pages, image and decompression bombs, 2 million fills, a
/// truncated DCT image, a looping page tree, huge TIFF, PNG and JPEG headers) and runs the real
/// `shapeturns scan` on each: every one must be refused with one line, within 10 s and 1 GB of
/// the whole process tree, with the outputs that were there left as they were.
@Suite("shapeturns scan: the hostile battery", .serialized)
struct ScanHostileBatteryTests {
    @Test(.slow) func everyHostileFileIsRefusedWithinItsBounds() throws {
        let seen = try PythonCheck.run("scan-hostile-battery.py", ["--bin", ShapeTurnsBinary.url.path])
        let cases = try #require(seen["cases"] as? [String: [String: Any]])
        #expect(cases.count >= 15, "\(cases.keys.sorted())")
        for (name, result) in cases.sorted(by: { $0.key < $1.key }) {
            #expect(result["ok"] as? Bool == true, "\(name): \(result["problems"] ?? "") \(result["line"] ?? "")")
            if result["decoded"] as? Bool != true {
                #expect(result["status"] as? Int == 65, "\(name): \(result["status"] ?? "")")
            }
        }
    }
}
