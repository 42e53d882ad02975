import Foundation
import ShapeRendering
import Testing

@Suite("shapeturns compare on folders, end to end")
struct CompareFoldersTests {
    static func images(_ result: ShapeTurnsBinary.Result) throws -> (summary: [String: Int], images: [[String: Any]]) {
        let report = try CompareCommandTests.json(result)
        let summary = try #require(report["summary"] as? [String: Int])
        let images = try #require(report["images"] as? [[String: Any]])
        return (summary, images)
    }

    @Test func everyStatusAndCountAgreesWithPixelmatch() throws {
        let folders = try SnapshotFolders()
        // The expected counts are pixelmatch 5's (Fixtures/Compare), whose rule is --no-checkerboard.
        let result = try ShapeTurnsBinary.run([
            "compare", folders.expected, folders.actual, "--json", "--no-checkerboard",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let (summary, images) = try Self.images(result)
        let paths = images.compactMap { $0["path"] as? String }
        #expect(Set(paths) == Set(folders.expectations.keys))
        #expect(paths == paths.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
        for image in images {
            let path = try #require(image["path"] as? String)
            let expectation = try #require(folders.expectations[path])
            #expect(image["status"] as? String == expectation.status, "\(path): \(image)")
            if let count = expectation.differentPixels {
                #expect(image["differentPixels"] as? Int == count, "\(path): \(image)")
            }
            #expect(Set(image.keys) == ["path", "status", "differentPixels", "totalPixels", "reason"])
            #expect(!(image["reason"] as? String ?? "").isEmpty)
        }
        let statuses = folders.expectations.values.map(\.status)
        for status in ["passed", "changed", "new", "missing"] {
            #expect(summary[status] == statuses.filter { $0 == status }.count, "\(status)")
        }
        #expect(summary["total"] == folders.expectations.count)
        #expect(statuses.contains("passed") && statuses.contains("changed"))
    }

    @Test func theReasonsSayWhatIsWrong() throws {
        let folders = try SnapshotFolders()
        let (_, images) = try Self.images(
            try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--json"]))
        let reasons = Dictionary(
            uniqueKeysWithValues: images.map { ($0["path"] as? String ?? "", $0["reason"] as? String ?? "") })
        #expect(reasons["resized.png"] == "the sizes differ: expected 40x56, actual 50x30")
        #expect(reasons["broken/truncated.png"]?.contains("actual: not a usable image") == true)
        #expect(reasons["broken/text ß.png"]?.contains("not a PNG") == true)
        #expect(reasons["gone 🙂.png"] == "only in the expected folder")
        #expect(reasons["new/only actual.png"] == "only in the actual folder")
        #expect(reasons["ordner ä/sub dir/circle-shift ü.png"]?.hasPrefix("5 of 4096 pixels differ") == true)
    }

    /// A JUnit file inside the report folder would go with the folder the run replaces: refused
    /// with one line and 64 before any image is compared, nothing written.
    @Test func aJUnitFileInsideTheReportFolderIsRefused() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let work = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(
            ["compare", folders.expected, folders.actual, "--report", "rep", "--junit", "rep/junit.xml"], in: work.url)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr
                == "shapeturns: --junit: rep/junit.xml is inside --report's folder rep, which the run replaces; write it elsewhere\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.url.path).isEmpty)
    }

    @Test func everyPairAgreesWithPairMode() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let (_, images) = try Self.images(
            try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--json", "--threshold", "0.05"]))
        var compared = 0
        for image in images where ["passed", "changed"].contains(image["status"] as? String) {
            let path = try #require(image["path"] as? String)
            let pair = try ShapeTurnsBinary.run([
                "compare", folders.expected + "/" + path, folders.actual + "/" + path, "--json", "--threshold", "0.05",
            ])
            let single = try CompareCommandTests.json(pair)
            #expect(image["differentPixels"] as? Int == single["differentPixels"] as? Int, "\(path)")
            #expect(image["totalPixels"] as? Int == single["totalPixels"] as? Int, "\(path)")
            #expect((image["status"] as? String == "passed") == (single["match"] as? Bool == true), "\(path)")
            compared += 1
        }
        #expect(compared == 8)
    }

    @Test func thePlainOutputIsASummaryAndOneLinePerFailure() throws {
        let folders = try SnapshotFolders()
        let result = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let failing = folders.expectations.filter { $0.value.status != "passed" }
        #expect(lines.first?.hasSuffix("images: \(folders.expectations.count - failing.count) passed, ") == false)
        #expect(lines.first?.hasPrefix("\(folders.expectations.count) images: ") == true, "\(lines)")
        #expect(lines.count == 1 + failing.count, "\(lines)")
        for (path, expectation) in failing {
            #expect(lines.contains { $0.hasPrefix("\(expectation.status): \(path): ") }, "\(path)")
        }
    }

    @Test func newImagesFailUnlessAllowed() throws {
        let folder = try TemporaryFolder()
        let (expected, actual) = (folder.path("e"), folder.path("a"))
        for root in [expected, actual] {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedA, toPath: root + "/same.png")
        }
        #expect(try ShapeTurnsBinary.run(["compare", expected, actual]).status == 0)
        try FileManager.default.copyItem(atPath: CompareCommandTests.shiftedB, toPath: actual + "/added.png")
        #expect(try ShapeTurnsBinary.run(["compare", expected, actual]).status == 1)
        let allowed = try ShapeTurnsBinary.run(["compare", expected, actual, "--allow-new"])
        #expect(allowed.status == 0, "\(allowed.stdout)")
        #expect(allowed.stdout == "2 images: 1 passed, 0 changed, 1 new, 0 missing (new allowed)\n")
    }

    @Test func thePairOptionsApplyToEveryPair() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let loose = try Self.images(
            try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--json", "--max-diff-ratio", "1"]))
        // Every pair of equal size passes with any difference allowed; sizes, new and missing do not.
        #expect(loose.summary["changed"] == 1)
        #expect(loose.images.first { $0["path"] as? String == "resized.png" }?["status"] as? String == "changed")
        let strict = try Self.images(
            try ShapeTurnsBinary.run([
                "compare", folders.expected, folders.actual, "--json", "--include-aa", "--threshold", "0",
            ]))
        let shifted = try #require(
            strict.images.first { $0["path"] as? String == "ordner ä/sub dir/circle-shift ü.png" })
        let pair = try CompareCommandTests.json(
            try ShapeTurnsBinary.run([
                "compare", CompareCommandTests.shiftedA, CompareCommandTests.shiftedB, "--json", "--include-aa",
                "--threshold", "0",
            ]))
        #expect(shifted["differentPixels"] as? Int == pair["differentPixels"] as? Int)
        #expect(shifted["differentPixels"] as? Int ?? 0 > 5)
    }

    @Test func aMaskCoversTheSameRegionOfEveryPair() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let masked = try Self.images(
            try ShapeTurnsBinary.run([
                "compare", folders.expected, folders.actual, "--json", "--mask", "0,0,10000,10000",
            ]))
        for image in masked.images where image["path"] as? String != "resized.png" && image["totalPixels"] as? Int != 0
        {
            #expect(image["status"] as? String == "passed", "\(image)")
            #expect(image["differentPixels"] as? Int == 0)
        }
        // Two masks over the left and right halves of the 64x64 circle leave nothing either.
        let shifted = "ordner ä/sub dir/circle-shift ü.png"
        let halves = try Self.images(
            try ShapeTurnsBinary.run([
                "compare", folders.expected, folders.actual, "--json", "--mask", "0,0,32,64", "--mask", "32,0,32,64",
            ]))
        #expect(halves.images.first { $0["path"] as? String == shifted }?["status"] as? String == "passed")
        let left = try Self.images(
            try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--json", "--mask", "0,0,32,64"]))
        let count = try #require(left.images.first { $0["path"] as? String == shifted }?["differentPixels"] as? Int)
        #expect(count > 0 && count < 5)
    }

    @Test func theResultDoesNotDependOnTheJobs() throws {
        let folders = try SnapshotFolders()
        let one = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--json", "--jobs", "1"])
        let many = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--json", "--jobs", "7"])
        #expect(one.stdout == many.stdout)
        #expect(one.status == many.status)
    }

    @Test func theJUnitFileIsValidAndHasOneCasePerImage() throws {
        let folders = try SnapshotFolders()
        let xml = folders.folder.path("results & <more>.xml")
        let result = try ShapeTurnsBinary.run([
            "compare", folders.expected, folders.actual, "--junit", xml, "--allow-new", "--no-checkerboard",
        ])
        #expect(result.status == 1)
        let check = try PythonCheck.run("validate-junit.py", [xml])
        #expect(check["valid"] as? Bool == true, "\(check["errors"] ?? "")")
        let properties = try #require(check["properties"] as? [String: String])
        #expect(properties["threshold"] == "0.1" && properties["checkerboard"] == "false", "\(properties)")
        #expect(properties["allowNew"] == "true" && properties["pixelBudget"] == "201326592", "\(properties)")
        let cases = try #require(check["cases"] as? [[String: Any]])
        #expect(cases.count == folders.expectations.count)
        let failing = folders.expectations.filter { $0.value.status != "passed" && $0.value.status != "new" }
        #expect(check["failures"] as? Int == failing.count)
        for (path, expectation) in folders.expectations {
            let slash = path.lastIndex(of: "/")
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let classname = "actual snapshots" + (slash.map { "/" + path[..<$0] } ?? "")
            let testCase = try #require(
                cases.first { $0["name"] as? String == name && $0["classname"] as? String == classname }, "\(path)")
            let failure = testCase["failure"] as? String
            #expect(failure == (failing[path] == nil ? nil : expectation.status), "\(path)")
            if let count = expectation.differentPixels, count > 0, failure == "changed" {
                #expect((testCase["message"] as? String)?.hasPrefix("changed: \(count) of ") == true, "\(path)")
            }
        }
    }

    @Test(.slow) func theReportListsEveryFailingImageInARealBrowser() throws {
        let folders = try SnapshotFolders()
        let report = folders.folder.path("report")
        let result = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--report", report])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("report: \(report)/index.html\n"))
        let page = try PythonCheck.run("report-in-browser.py", [report + "/index.html"])
        #expect(page["errors"] as? [String] == [])
        #expect(page["brokenImages"] as? [String] == [])
        let listed = try #require(page["listed"] as? [[String: String]])
        let failing = folders.expectations.filter { $0.value.status != "passed" }
        #expect(listed.count == failing.count)
        for (path, expectation) in failing {
            #expect(listed.contains { $0["path"] == path && $0["status"] == expectation.status }, "\(path)")
        }
        #expect((page["all"] as? [[String: String]])?.count == folders.expectations.count)
        let modes = try #require(page["modes"] as? [String: Any])
        let changedWithBoth = 4 // three changed pairs of equal size and the resized one
        #expect(modes["swipe"] as? Int == changedWithBoth)
        #expect(modes["blink"] as? Int == changedWithBoth)
        #expect(modes["onion"] as? Int == changedWithBoth)
        #expect(modes["diff"] as? Int == changedWithBoth - 1, "the resized pair has no diff")
        #expect(modes["zoom8"] as? Double == 8)
        // Side by side: every picture of a failing row says its size and links to its raw file.
        let pictures = try #require(modes["pictures"] as? Int)
        #expect(pictures >= 3 * (changedWithBoth - 1) + 2)
        #expect(modes["sizes"] as? Int == pictures && modes["rawLinks"] as? Int == pictures, "\(modes)")
        #expect(modes["actual"] as? Bool == true)
        #expect(modes["search"] as? Int == 1)
        // The images it shows are copies in the report's folder.
        let files = try SnapshotFolders.contents(of: report)
        #expect(files["images/diff/ordner ä/sub dir/circle-shift ü.png"] != nil)
        #expect(files["images/actual/new/only actual.png"] != nil)
        #expect(files["images/expected/gone 🙂.png"] != nil)
        #expect(files["images/actual/broken/text ß.png"] == nil)
        #expect(files["images/actual/broken/new and broken.png"] == nil)
        #expect(files.keys.filter { $0.hasPrefix("images/") && $0.contains("same") }.isEmpty)
        let index = try #require(files["index.html"])
        let html = String(decoding: index, as: UTF8.self)
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test func theReportReplacesAnOlderReportButNothingElse() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let report = folders.folder.path("report")
        #expect(
            try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--report", report]).status == 1)
        #expect(
            try ShapeTurnsBinary.run(["compare", folders.expected, folders.expected, "--report", report]).status == 0)
        // The report, the marker that keeps folder mode out of it, and the record of what
        // ShapeTurns wrote there (its index.html's checksum).
        #expect(
            try SnapshotFolders.contents(of: report).keys.sorted() == [
                ".shapeturns-files", ".shapeturns-report", "index.html",
            ])
        let other = folders.folder.path("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: other + "/notes.txt"))
        let refused = try ShapeTurnsBinary.run(["compare", folders.expected, folders.actual, "--report", other])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("not a ShapeTurns report"))
        #expect(try SnapshotFolders.contents(of: other).keys.sorted() == ["notes.txt"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folders.folder.url.path).sorted()
                == ["actual snapshots", "expected snapshots", "other", "report"])
    }

    /// A file a user put into a report's `images/` is not the report's: replacing the report is
    /// refused (73) and the file kept; a report's own images (recorded) are replaced.
    @Test func aReportKeepsAFileAUserPutInItsImagesFolder() throws {
        let folders = try SnapshotFolders(corrupt: false)
        let report = folders.folder.path("report")
        let arguments = ["compare", folders.expected, folders.actual, "--report", report]
        #expect(try ShapeTurnsBinary.run(arguments).status == 1)
        let images = try SnapshotFolders.contents(of: report).keys.filter { $0.hasPrefix("images/") }
        #expect(!images.isEmpty)
        #expect(try ShapeTurnsBinary.run(arguments).status == 1)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: report + "/images/diff/notes.txt"))
        let before = try SnapshotFolders.contents(of: report)
        let refused = try ShapeTurnsBinary.run(arguments)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("images/diff/notes.txt, which ShapeTurns did not write"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try SnapshotFolders.contents(of: report) == before)
    }

    static let badInvocations: [([String], Int32, String)] = [
        (
            ["compare", "FOLDER", CompareCommandTests.shiftedA], 66,
            "Is a directory, and \(CompareCommandTests.shiftedA) is not; give two images or two folders"
        ),
        (
            ["compare", CompareCommandTests.shiftedA, "FOLDER"], 66,
            "Is a directory, and \(CompareCommandTests.shiftedA) is not"
        ),
        (["compare", "FOLDER", "FOLDER/nowhere"], 66, "FOLDER/nowhere: No such file or directory"),
        (
            ["compare", CompareCommandTests.shiftedA, CompareCommandTests.shiftedB, "--junit", "x.xml"], 64,
            "--junit is for comparing folders"
        ),
        (
            ["compare", CompareCommandTests.shiftedA, CompareCommandTests.shiftedB, "--report", "r"], 64,
            "--report is for comparing folders"
        ),
        (["compare", "FOLDER", "FOLDER", "--diff", "d.png"], 64, "--diff is for two images"),
        (["compare", "FOLDER", "FOLDER", "--jobs", "0"], 64, "--jobs: must be 1 to 256 (got 0)"),
        (["compare", "FOLDER", "FOLDER", "--mask", "1,2,3"], 64, "--mask: a mask is x,y,w,h"),
        (["compare", "FOLDER", "FOLDER", "--mask", "0,0,0,5"], 64, "--mask: a mask is x,y,w,h with x and y 0 or more"),
        (["compare", "FOLDER", "FOLDER", "--junit", "FOLDER/no/such/folder/r.xml"], 73, "cannot create"),
        (["approve", "FOLDER", "FOLDER/nowhere"], 66, "no such folder"),
        (["compare", "FOLDER", "FOLDER", "--rules", "FOLDER/none.json"], 66, "FOLDER/none.json"),
        (["compare", "FOLDER/a.png", "FOLDER/b.png", "--rules", "r.json"], 64, "--rules is for comparing folders"),
    ]

    /// The 5-pixel change of the circle pair fails by default; a rules file beside the expected
    /// images (found by its name) or given with --rules lets it pass, and the verdict names the
    /// rule; a rules file with a misspelt key fails the run with one line and writes nothing.
    @Test(arguments: [true, false])
    func aRulesFileDecidesPerImageAndJunkIsRefused(besideTheImages: Bool) throws {
        let folder = try TemporaryFolder()
        let expected = folder.url.appendingPathComponent("expected")
        let actual = folder.url.appendingPathComponent("actual")
        for (url, image) in [(expected, CompareCommandTests.shiftedA), (actual, CompareCommandTests.shiftedB)] {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("charts"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: image), to: url.appendingPathComponent("charts/circle.png"))
        }
        let rulesFile =
            besideTheImages ? expected.appendingPathComponent(".shapeturns-compare.json").path : folder.path("r.json")
        let rulesArguments = besideTheImages ? [] : ["--rules", rulesFile]
        let strict = try ShapeTurnsBinary.run(["compare", expected.path, actual.path, "-q"])
        #expect(strict.status == 1)
        try Data(#"{"rules": [{"match": "charts/*.png", "maxDiffPixels": 5}]}"#.utf8)
            .write(to: URL(fileURLWithPath: rulesFile))
        let lenient = try ShapeTurnsBinary.run(["compare", expected.path, actual.path, "--json"] + rulesArguments)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(
            lenient.stdout.contains(
                #""reason" : "5 of 4096 pixels differ (0.12%), 148 anti-aliased pixels not counted; rule 1 (charts/*.png)""#
            ), "\(lenient.stdout)")
        // approve sees what compare sees: under the rule nothing is changed, so nothing is approved.
        let approve = try ShapeTurnsBinary.run(["approve", expected.path, actual.path] + rulesArguments)
        #expect(approve.status == 0, "\(approve.stderr)")
        #expect(approve.stdout == "approved 0 changed and 0 new images, removed 0 missing\n", "\(approve.stdout)")
        try Data(#"{"rules": [{"match": "charts/*.png", "maxDiffPixel": 5}]}"#.utf8)
            .write(to: URL(fileURLWithPath: rulesFile))
        let junit = folder.path("junit.xml")
        let junk = try ShapeTurnsBinary.run(
            ["compare", expected.path, actual.path, "--junit", junit] + rulesArguments)
        #expect(junk.status == 65)
        #expect(junk.stdout.isEmpty)
        #expect(junk.stderr.split(separator: "\n").count == 1, "\(junk.stderr)")
        #expect(junk.stderr.contains(#"rules[0]: unknown key "maxDiffPixel""#), "\(junk.stderr)")
        #expect(!FileManager.default.fileExists(atPath: junit))
    }

    @Test(arguments: badInvocations)
    func badInvocationsFailWithOneLine(arguments: [String], status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(
            arguments.map { $0.replacingOccurrences(of: "FOLDER", with: folder.url.path) })
        #expect(result.status == status, "\(result.stderr)")
        #expect(
            result.stderr.contains(message.replacingOccurrences(of: "FOLDER", with: folder.url.path)),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func aMaskInPairModeIsDrawnMagentaAndNotCounted() throws {
        let folder = try TemporaryFolder()
        let diffPath = folder.path("diff.png")
        let result = try ShapeTurnsBinary.run([
            "compare", CompareCommandTests.shiftedA, CompareCommandTests.shiftedB, "--mask", "0,0,64,64", "--diff",
            diffPath, "--json",
        ])
        #expect(result.status == 0)
        #expect(try CompareCommandTests.json(result)["differentPixels"] as? Int == 0)
        let diff = try RGBAImage(pngBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: diffPath))))
        #expect(diff.pixels.allSatisfy { $0 == RGBAImage.pack(red: 255, green: 0, blue: 255, alpha: 255) })
    }
}
