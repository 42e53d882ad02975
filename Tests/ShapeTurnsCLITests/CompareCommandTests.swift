import Foundation
import ShapeRendering
import Testing

@Suite("shapeturns compare, end to end")
struct CompareCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Compare")

    static func fixture(_ name: String) -> String {
        fixtures.appendingPathComponent(name).path
    }

    /// A pair pixelmatch counts 5 differing pixels in at the default threshold (148 more are
    /// anti-aliasing), 177 with --include-aa (Fixtures/Compare/expected-counts.json).
    static let shiftedA = fixture("circle-shift-a.png")
    static let shiftedB = fixture("circle-shift-b.png")

    static func json(_ result: ShapeTurnsBinary.Result) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func identicalImagesMatchWithStatus0() throws {
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedA])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("match: 0 of 4096 pixels differ"))
        #expect(result.stderr.isEmpty)
    }

    @Test func differingImagesExitWith1AndNoErrorLine() throws {
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedB])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("differ: 5 of 4096 pixels differ"), "\(result.stdout)")
        #expect(result.stdout.contains("148 anti-aliased pixels not counted"))
        #expect(result.stderr.isEmpty)
    }

    @Test func jsonHasTheCountsAndTheVerdict() throws {
        let result = try ShapeTurnsBinary.run([
            "compare", Self.shiftedA, Self.shiftedB, "--json", "--include-aa", "--threshold", "0.05",
        ])
        #expect(result.status == 1)
        let report = try Self.json(result)
        #expect(report["differentPixels"] as? Int == 177)
        #expect(report["totalPixels"] as? Int == 4096)
        #expect(report["match"] as? Bool == false)
        #expect(report["sizesMatch"] as? Bool == true)
        #expect(report["antiAliasedPixels"] as? Int == 0)
        #expect(report["threshold"] as? Double == 0.05)
        #expect(report["includeAA"] as? Bool == true)
        #expect((report["expected"] as? [String: Any])?["width"] as? Int == 64)
        #expect(report["diff"] == nil)
    }

    static let tolerances: [([String], Int32)] = [
        (["--max-diff-pixels", "5"], 0),
        (["--max-diff-pixels", "4"], 1),
        (["--max-diff-ratio", "0.00123"], 0),
        (["--max-diff-ratio", "0.0012"], 1),
        (["--max-diff-pixels", "100", "--max-diff-ratio", "0.001"], 1),
        (["--threshold", "1"], 0),
    ]

    @Test(arguments: tolerances)
    func toleranceDecidesTheStatus(options: [String], status: Int32) throws {
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedB, "--json"] + options)
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        #expect(try Self.json(result)["match"] as? Bool == (status == 0))
    }

    @Test func theDiffImageShowsDifferencesRedAntiAliasingYellowTheRestGrey() throws {
        let folder = try TemporaryFolder()
        let diffPath = folder.path("diff.png")
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedB, "--diff", diffPath])
        #expect(result.status == 1)
        #expect(result.stdout.contains("diff image: \(diffPath)"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                ".shapeturns-files", "diff.png",
            ])
        let diff = try RGBAImage(pngBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: diffPath))))
        #expect(diff.width == 64 && diff.height == 64)
        let red = RGBAImage.pack(red: 255, green: 0, blue: 0, alpha: 255)
        let yellow = RGBAImage.pack(red: 255, green: 255, blue: 0, alpha: 255)
        #expect(diff.pixels.filter { $0 == red }.count == 5)
        #expect(diff.pixels.filter { $0 == yellow }.count == 148)
        let others = diff.pixels.filter { $0 != red && $0 != yellow }
        #expect(
            others.allSatisfy { pixel in
                let r = pixel & 0xFF
                let g = pixel >> 8 & 0xFF
                let b = pixel >> 16 & 0xFF
                return r == g && g == b && r >= 229 && pixel >> 24 == 255
            })
    }

    @Test func differentSizesDifferWithBothSizesAndNoDiff() throws {
        let folder = try TemporaryFolder()
        let diffPath = folder.path("diff.png")
        let text = try ShapeTurnsBinary.run([
            "compare", Self.shiftedA, Self.fixture("flat-shade-a.png"), "--diff", diffPath,
        ])
        #expect(text.status == 1)
        #expect(text.stdout.contains("expected 64x64, actual 40x40"), "\(text.stdout)")
        #expect(text.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: diffPath))
        let json = try Self.json(
            try ShapeTurnsBinary.run([
                "compare", Self.shiftedA, Self.fixture("flat-shade-a.png"), "--json", "--max-diff-ratio", "1",
            ]))
        #expect(json["match"] as? Bool == false)
        #expect(json["sizesMatch"] as? Bool == false)
        #expect((json["actual"] as? [String: Any])?["height"] as? Int == 40)
    }

    @Test func missingUnreadableAndCorruptFilesGetOneLine() throws {
        let folder = try TemporaryFolder()
        try Data("definitely not a png".utf8).write(to: folder.url.appendingPathComponent("text.png"))
        let good = try Data(contentsOf: URL(fileURLWithPath: Self.shiftedA))
        try good.prefix(good.count / 2).write(to: folder.url.appendingPathComponent("truncated.png"))
        try Data().write(to: folder.url.appendingPathComponent("empty.png"))
        let cases: [(String, Int32, String)] = [
            (folder.path("missing.png"), 66, "No such file or directory"),
            (folder.url.path, 66, "Is a directory"),
            (folder.path("text.png"), 65, "not a PNG, JPEG or WebP file"),
            (folder.path("empty.png"), 65, "not a PNG, JPEG or WebP file"),
            (folder.path("truncated.png"), 65, "corrupt PNG"),
        ]
        for (path, status, mentions) in cases {
            for arguments in [[path, Self.shiftedA], [Self.shiftedA, path]] {
                let result = try ShapeTurnsBinary.run(["compare"] + arguments + ["--diff", folder.path("diff.png")])
                #expect(result.status == status, "\(path): \(result.stderr)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.split(separator: "\n").count == 1)
                #expect(result.stderr.hasPrefix("shapeturns: \(path): "), "\(result.stderr)")
                #expect(result.stderr.contains(mentions), "\(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: folder.path("diff.png")))
            }
        }
    }

    static let badOptions: [([String], String)] = [
        (["--threshold", "1.5"], "--threshold"),
        (["--threshold=-0.1"], "--threshold"),
        (["--threshold", "nan"], "--threshold"),
        (["--threshold", "much"], "--threshold"),
        (["--max-diff-pixels=-1"], "--max-diff-pixels"),
        (["--max-diff-ratio", "1.1"], "--max-diff-ratio"),
        (["--max-diff-ratio=-0.5"], "--max-diff-ratio"),
        (["--colour", "red"], "--colour"),
        (["--alpha", "1.5"], "--alpha"),
        (["--alpha=-0.1"], "--alpha"),
        (["--alpha", "nan"], "--alpha"),
        (["--diff-color", "256,0,0"], "--diff-color"),
        (["--diff-color", "red"], "--diff-color"),
        (["--aa-color", "1,2"], "--aa-color"),
        (["--aa-color", "1,2,-3"], "--aa-color"),
        (["--diff-color-alt", "1,2,3,4"], "--diff-color-alt"),
        (["--diff-color-alt", ""], "--diff-color-alt"),
        (["--metric", "lab"], "--metric"),
        (["--pixel-budget", "0"], "--pixel-budget"),
        (["--pixel-budget", "many"], "--pixel-budget"),
    ]

    /// The 64x64 pair needs 8,192 pixels decoded, 12,288 with a diff: a smaller budget refuses
    /// it from the headers with one line and status 65, and writes nothing.
    @Test(arguments: [(["--pixel-budget", "8191"], 8192), (["--pixel-budget", "12287", "--diff", "DIFF"], 12288)])
    func aPairAboveThePixelBudgetIsRefusedWithStatus65(options: [String], needed: Int) throws {
        let folder = try TemporaryFolder()
        let arguments = options.map { $0 == "DIFF" ? folder.path("diff.png") : $0 }
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedB] + arguments)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("needs \(needed) pixels decoded"), "\(result.stderr)")
        #expect(result.stderr.contains("raise --pixel-budget"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        let fits = try ShapeTurnsBinary.run(
            ["compare", Self.shiftedA, Self.shiftedB]
                + arguments.map { $0 == options[1] ? "\(needed)" : $0 })
        #expect(fits.status == 1, "\(fits.stderr)")
    }

    @Test(arguments: badOptions)
    func badOptionsGetStatus64(options: [String], mentions: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(
            ["compare", Self.shiftedA, Self.shiftedB, "--diff", folder.path("diff.png")] + options)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func aMissingArgumentIsAUsageError() throws {
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: ["/nonexistent-folder/diff.png", "/proc/diff.png"])
    func anUnwritableDiffIsStatus73(path: String) throws {
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedB, "--diff", path])
        #expect(result.status == 73)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("shapeturns: cannot create \(path)"), "\(result.stderr)")
    }

    @Test func aDiffShapeTurnsWroteIsReplacedWholeAndAUsersFileIsNot() throws {
        let folder = try TemporaryFolder()
        let diffPath = folder.path("diff.png")
        let first = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedB, "--diff", diffPath])
        #expect(first.status == 1)
        let differing = try Data(contentsOf: URL(fileURLWithPath: diffPath))
        let result = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedA, "--diff", diffPath])
        #expect(result.status == 0)
        let replaced = try Data(contentsOf: URL(fileURLWithPath: diffPath))
        #expect(replaced != differing)
        #expect(try RGBAImage(pngBytes: [UInt8](replaced)).width == 64)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                ".shapeturns-files", "diff.png",
            ])

        let mine = folder.path("mine.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: mine))
        let refused = try ShapeTurnsBinary.run(["compare", Self.shiftedA, Self.shiftedB, "--diff", mine])
        #expect(refused.status == 73)
        #expect(refused.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: mine)) == Data("old".utf8))
    }
}
