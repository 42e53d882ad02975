import Foundation
import ShapeRendering
import Testing

/// The folder report and JUnit file as an engineer reads them: transparent renders shown as
/// compared, the run's options, boxes round the changes, an overview to step through, the diff
/// attached to the JUnit case, and a report inside the actual folder left out of the next run.
@Suite("shapeturns compare --report and --junit: what they show")
struct CompareReportTests {
    static let side = 64
    static let red = RGBAImage.pack(red: 255, green: 0, blue: 0, alpha: 255)
    static let blue = RGBAImage.pack(red: 0, green: 0, blue: 255, alpha: 255)
    static let grey = RGBAImage.pack(red: 128, green: 128, blue: 128, alpha: 255)
    static let black = RGBAImage.pack(red: 0, green: 0, blue: 0, alpha: 255)

    /// A `side`-pixel square image of `background` with `squares` (x, y, side, colour) drawn over it.
    static func png(_ background: UInt32, _ squares: [(Int, Int, Int, UInt32)] = []) throws -> Data {
        var pixels = [UInt32](repeating: background, count: side * side)
        for (left, top, size, colour) in squares {
            for y in top..<(top + size) {
                for x in left..<(left + size) {
                    pixels[y * side + x] = colour
                }
            }
        }
        return Data(try RGBAImage(width: side, height: side, pixels: pixels).pngBytes())
    }

    /// Two folders: `transparent.png` (opaque red, then transparent but for a blue square),
    /// `regions.png` (grey, then two black 4-pixel squares), `same.png`, `new.png` and `zz-missing.png`.
    struct Folders {
        let folder: TemporaryFolder
        let expected: String
        let actual: String

        init() throws {
            folder = try TemporaryFolder()
            expected = folder.path("expected")
            actual = folder.path("actual")
            for path in [expected, actual] {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
            let files: [(String, String, Data)] = [
                (expected, "transparent.png", try png(red)),
                (actual, "transparent.png", try png(0, [(40, 40, 10, blue)])),
                (expected, "regions.png", try png(grey)),
                (actual, "regions.png", try png(grey, [(8, 8, 4, black), (48, 40, 4, black)])),
                (expected, "same.png", try png(grey)),
                (actual, "same.png", try png(grey)),
                (actual, "new.png", try png(blue)),
                (expected, "zz-missing.png", try png(0, [(0, 0, 20, red)])),
            ]
            for (folder, name, bytes) in files {
                try bytes.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
            }
        }
    }

    @Test func theReportShowsTransparentImagesAsComparedWithBoxesAnOverviewAndTheRun() throws {
        let folders = try Folders()
        let report = folders.folder.path("report")
        let result = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--report", report])
        #expect(result.status == 1, "\(result.stderr)")
        let page = try PythonCheck.run(
            "report-details.py", [report + "/index.html", "transparent.png", "regions.png"])
        #expect(page["errors"] as? [String] == [])
        let meta = try #require(page["meta"] as? String)
        #expect(meta.hasPrefix("Made 20") && meta.contains(" UTC by ShapeTurns "), "\(meta)")
        #expect(meta.contains("threshold 0.1") && meta.contains("checkerboard"), "\(meta)")
        #expect(meta.contains("new images fail"), "\(meta)")
        // The actual side of the swipe shows the actual image on pixelmatch's checkerboard, never
        // the expected red through its transparent pixels.
        let swipe = try #require(page["swipe"] as? [String: Any])
        #expect(swipe["width"] as? Int == Self.side && swipe["height"] as? Int == Self.side, "\(swipe)")
        #expect((swipe["leftRed"] as? Double ?? 0) > 0.99, "\(swipe)")
        #expect(swipe["rightRed"] as? Int == 0, "\(swipe)")
        #expect((swipe["rightCheckerboard"] as? Double ?? 0) > 0.99, "\(swipe)")
        // One box round each changed square, at its pixels.
        let regions = try #require(page["regions"] as? [[Int]])
        #expect(regions == [[8, 8, 4, 4], [48, 40, 4, 4]])
        // The boxes lie outside the regions: with them on, all 32 changed pixels are seen, black
        // in the actual image and red in the diff (the old box, a border inside its region, left 0 seen).
        #expect(page["visible"] as? [String: Int] == ["actualBlack": 32, "diffRed": 32], "\(page["visible"] ?? "")")
        // A thumbnail per failing image; n, p and the arrows step through them in order.
        #expect(page["thumbs"] as? Int == 4)
        #expect(
            page["steps"] as? [String]
                == ["new.png", "regions.png", "transparent.png", "regions.png", "transparent.png"])
    }

    @Test func theReportDrawsTransparentImagesOnWhiteWhenTheComparisonDoes() throws {
        let folders = try Folders()
        let report = folders.folder.path("report")
        let result = try ShapeTurnsBinary.run([
            "compare", folders.expected, folders.actual, "--report", report, "--no-checkerboard",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        let page = try PythonCheck.run(
            "report-details.py", [report + "/index.html", "transparent.png", "regions.png"])
        let swipe = try #require(page["swipe"] as? [String: Any])
        #expect(swipe["rightRed"] as? Int == 0, "\(swipe)")
        #expect(swipe["rightCheckerboard"] as? Double == 0, "\(swipe)")
        #expect((page["meta"] as? String)?.contains("onto white") == true)
    }

    /// The boxes the page is given, whether read off the diff image (distinct colours) or from a
    /// second comparison (a grey difference colour, which faded pixels may equal; a mask diff).
    @Test(arguments: [[], ["--diff-color", "128,128,128"], ["--diff-mask"], ["--diff-color-alt", "0,160,0"]])
    func theBoxesAreTheChangedPixelsWhateverTheDiffColours(options: [String]) throws {
        let folders = try Folders()
        let report = folders.folder.path("report")
        let result = try ShapeTurnsBinary.run(
            ["compare", folders.expected, folders.actual, "--report", report] + options)
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
                as? [String: Any])
        let images = try #require(data["images"] as? [[String: Any]])
        let regions = try #require(
            images.first { $0["path"] as? String == "regions.png" }?["regions"] as? [String: Any])
        let boxes = try #require(regions["boxes"] as? [[String: Int]])
        #expect(boxes == [["x": 8, "y": 8, "width": 4, "height": 4], ["x": 48, "y": 40, "width": 4, "height": 4]])
        #expect(regions["width"] as? Int == Self.side && regions["height"] as? Int == Self.side)
        let whole = try #require(
            images.first { $0["path"] as? String == "transparent.png" }?["regions"] as? [String: Any])
        #expect(whole["boxes"] as? [[String: Int]] == [["x": 0, "y": 0, "width": 64, "height": 64]])
    }

    @Test func aFailingJUnitCaseAttachesItsPictureFromTheReport() throws {
        let folders = try Folders()
        let report = folders.folder.path("report")
        let xml = folders.folder.path("results.xml")
        let result = try ShapeTurnsBinary.run([
            "compare", folders.expected, folders.actual, "--report", report, "--junit", xml,
        ])
        #expect(result.status == 1, "\(result.stderr)")
        let check = try PythonCheck.run("validate-junit.py", [xml])
        #expect(check["valid"] as? Bool == true, "\(check["errors"] ?? "")")
        let cases = try #require(check["cases"] as? [[String: Any]])
        let outputs = Dictionary(
            uniqueKeysWithValues: cases.map { ($0["name"] as? String ?? "", $0["systemOut"] as? String) })
        let attached = [
            "regions.png": "diff/regions.png", "transparent.png": "diff/transparent.png",
            "new.png": "actual/new.png", "zz-missing.png": "expected/zz-missing.png",
        ]
        for (name, picture) in attached {
            #expect(outputs[name] == "[[ATTACHMENT|\(report)/images/\(picture)]]", "\(name)")
            #expect(FileManager.default.fileExists(atPath: "\(report)/images/\(picture)"), "\(name)")
        }
        #expect(outputs["same.png"] == .some(nil))

        let plain = folders.folder.path("plain.xml")
        #expect(try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--junit", plain]).status == 1)
        let without = try PythonCheck.run("validate-junit.py", [plain])
        #expect(without["valid"] as? Bool == true)
        #expect((without["cases"] as? [[String: Any]])?.allSatisfy { $0["systemOut"] is NSNull } == true)
    }

    @Test func aReportInsideTheActualFolderIsNotComparedOnTheNextRun() throws {
        let folders = try Folders()
        let report = folders.actual + "/report"
        let first = try ShapeTurnsBinary.run([
            "compare", folders.expected, folders.actual, "--report", report, "--json",
        ])
        #expect(first.status == 1, "\(first.stderr)")
        let files = try SnapshotFolders.contents(of: report)
        #expect(files[".shapeturns-report"] != nil)
        #expect(files.keys.contains { $0.hasPrefix("images/") && $0.hasSuffix(".png") })
        let second = try ShapeTurnsBinary.run([
            "compare", folders.expected, folders.actual, "--report", report, "--json",
        ])
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        let (summary, images) = try CompareFoldersTests.images(second)
        #expect(summary["total"] == 5)
        #expect(!images.contains { ($0["path"] as? String)?.hasPrefix("report/") == true })
    }
}
