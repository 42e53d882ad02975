import Foundation
import Testing

/// `shapeturns` answers a plain two-image compare itself and runs `shapeturns-cli` in its place
/// for everything else. Whichever answers, a command line gives the same output, messages and
/// status as the full command run directly.
@Suite("shapeturns' pair-mode front")
struct PairFrontTests {
    static let folder = ShapeTurnsBinary.url.deletingLastPathComponent()
    static let full = folder.appendingPathComponent("shapeturns-cli")

    static func fixture(_ name: String) -> String {
        CompareCommandTests.fixture(name)
    }

    /// Command lines the front answers (plain compares) and ones it hands over (a diff image,
    /// JSON, a missing file, a value out of range, a repeated option, a short option, another
    /// command), each run through both executables.
    static let commandLines: [[String]] = {
        let a = fixture("circle-shift-a.png")
        let b = fixture("circle-shift-b.png")
        return [
            ["compare", a, b],
            ["compare", a, a],
            ["compare", a, b, "--threshold", "0.05"],
            ["compare", "--threshold=0.3", a, b, "--include-aa"],
            ["compare", a, b, "--max-diff-pixels", "5"],
            ["compare", a, b, "--max-diff-pixels=4", "--max-diff-ratio", "0.5"],
            ["compare", a, b, "--max-diff-ratio", "0.00123"],
            ["compare", a, b, "--metric", "oklab", "--no-checkerboard"],
            ["compare", a, b, "--checkerboard"],
            ["compare", fixture("alpha-levels-a.png"), fixture("alpha-levels-b.png")],
            ["compare", fixture("palette-trns-a.png"), fixture("palette-trns-b.png"), "--threshold", "0"],
            ["compare", fixture("rgb-and-rgba-a.png"), fixture("rgb-and-rgba-b.png")],
            ["compare", fixture("noise-dense-a.png"), fixture("noise-dense-b.png"), "--threshold", "1"],
            ["compare", a, fixture("flat-marks-a.png")],
            ["compare", fixture("encodings/interlaced.png"), fixture("encodings/sixteen-bit.png")],
            ["compare", a, b, "--threshold", "2"],
            ["compare", a, b, "--threshold", "nan"],
            ["compare", a, b, "--threshold", "-0.1"],
            ["compare", a, b, "--threshold"],
            ["compare", a, b, "--threshold", "0.1", "--threshold", "0.2"],
            ["compare", a, b, "--max-diff-pixels", "-1"],
            ["compare", a, b, "--max-diff-ratio", "1.5"],
            ["compare", a, b, "--metric", "lab"],
            ["compare", a, b, "--include-aa=yes"],
            ["compare", a, b, "--checkerboard", "--no-checkerboard"],
            ["compare", a, b, "--json"],
            ["compare", a, b, "-q"],
            ["compare", a, b, "--mask", "0,0,10,10"],
            ["compare", a, b, "--", a],
            ["compare", a, b, a],
            ["compare", a],
            ["compare", a, "/nonexistent/b.png"],
            ["compare", a, folder.path],
            ["compare", a, fixture("expected-counts.json")],
            ["compare", "", b],
            ["compare", "--help"],
            ["help", "compare"],
            ["--version"],
            ["generate", "--turns", "0"],
        ]
    }()

    @Test(arguments: commandLines)
    func theFrontAnswersAsTheFullCommandDoes(arguments: [String]) throws {
        let front = try ShapeTurnsBinary.run(arguments)
        let full = try ShapeTurnsBinary.runTool(Self.full, arguments)
        #expect(front.status == full.status)
        #expect(front.stdout == full.stdout)
        #expect(front.stderr == full.stderr)
    }

    /// With `shapeturns-cli` missing, a plain compare is still answered, which shows the front
    /// answers it itself; everything else is refused with one line naming what to build.
    @Test func aPlainCompareNeedsNoFullCommand() throws {
        let scratch = try TemporaryFolder()
        let lonely = scratch.url.appendingPathComponent("shapeturns")
        try FileManager.default.copyItem(at: ShapeTurnsBinary.url, to: lonely)
        let a = Self.fixture("circle-shift-a.png")
        let b = Self.fixture("circle-shift-b.png")

        let answered = try ShapeTurnsBinary.runTool(lonely, ["compare", a, b, "--include-aa", "--threshold", "0.05"])
        #expect(answered.status == 1)
        #expect(answered.stdout == "differ: 177 of 4096 pixels differ (4.32%); threshold 0.05, allowed 0\n")
        #expect(answered.stderr.isEmpty)

        for arguments in [["compare", a, b, "--json"], ["--version"], ["compare", a, "/nonexistent.png"]] {
            let refused = try ShapeTurnsBinary.runTool(lonely, arguments)
            #expect(refused.status == 69)
            #expect(refused.stdout.isEmpty)
            #expect(
                refused.stderr
                    == "shapeturns: shapeturns-cli, which runs every command but a plain two-image compare, is neither beside \(scratch.url.path) nor in \(scratch.url.path)/../libexec/shapeturns; build it with `swift build -c release --product shapeturns-cli`, or run `scripts/shapeturns` from a checkout\n"
            )
        }
    }

    /// The package's layout: the front in a `bin` folder finds the full command in
    /// `../libexec/shapeturns`.
    @Test func theFullCommandIsFoundInLibexec() throws {
        let scratch = try TemporaryFolder()
        let bin = scratch.url.appendingPathComponent("bin")
        let libexec = scratch.url.appendingPathComponent("libexec/shapeturns")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: libexec, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ShapeTurnsBinary.url, to: bin.appendingPathComponent("shapeturns"))
        try FileManager.default.copyItem(at: Self.full, to: libexec.appendingPathComponent("shapeturns-cli"))
        let result = try ShapeTurnsBinary.runTool(bin.appendingPathComponent("shapeturns"), ["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try ShapeTurnsBinary.run(["--version"])).stdout)
    }

    /// `scripts/checks/png-filter-differential.py`, written from the PNG specification, makes
    /// grey, grey-and-alpha, palette, RGB and RGBA files whose rows use every filter, and the
    /// same pixels stored unfiltered as RGBA; a front with no full command beside it (so every
    /// answer is its own decoder's) must find them equal, and one changed pixel in them.
    @Test func everyRowFilterDecodesAsTheSpecificationSays() throws {
        let scratch = try TemporaryFolder()
        let lonely = scratch.url.appendingPathComponent("shapeturns")
        try FileManager.default.copyItem(at: ShapeTurnsBinary.url, to: lonely)
        let script = PythonCheck.root.appendingPathComponent("scripts/checks/png-filter-differential.py").path
        let result = try ShapeTurnsBinary.runTool(
            try PythonCheck.python(), [script, "--shapeturns", lonely.path, "--cases", "150", "--seed", "7"])
        #expect(result.status == 0, "\(result.stderr.suffix(3000))")
        #expect(result.stdout.contains("150 cases, seed 7, 0 failures"), "\(result.stdout)")
    }

    /// `scripts/checks/compare-front-differential.py`, written apart from the front from
    /// `compare --help` and the docs, runs 652 command lines (plain compares, junk values, broken
    /// and non-UTF-8 files, folders, outputs, stdout full or closed) through both executables
    /// and fails on any difference in output, messages, status or files written.
    @Test(.slow) func anOutsideCheckFindsNoCommandLineTheyAnswerDifferently() throws {
        let scratch = try TemporaryFolder()
        let script = PythonCheck.root.appendingPathComponent("scripts/checks/compare-front-differential.py").path
        let result = try ShapeTurnsBinary.runTool(
            try PythonCheck.python(),
            [
                script, "--front", ShapeTurnsBinary.url.path, "--full", Self.full.path, "--work", scratch.url.path,
                "--cases", "600", "--seed", "46",
            ])
        #expect(result.status == 0, "\(result.stdout.suffix(3000))\(result.stderr)")
        #expect(result.stdout.contains("652 cases, 0 differences"), "\(result.stdout.suffix(2000))")
    }
}
