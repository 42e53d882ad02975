import Foundation
import Testing

@Suite("shapeturns generate refuses bad input cleanly")
struct GenerateErrorTests {
    struct BadInput: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let mentions: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(arguments: ["--turns", "0"], mentions: "--turns"),
        BadInput(arguments: ["--turns=-3"], mentions: "--turns"),
        BadInput(arguments: ["--turns", "20000000"], mentions: "10000000"),
        BadInput(arguments: ["--turns", "many"], mentions: "--turns"),
        BadInput(arguments: ["--size", "0"], mentions: "--size"),
        BadInput(arguments: ["--size", "100000"], mentions: "16 to 8192"),
        BadInput(arguments: ["--size", "8"], mentions: "--size"),
        BadInput(arguments: ["--format", "jpg"], mentions: "png, svg"),
        BadInput(arguments: ["--format", "png,png"], mentions: "twice"),
        BadInput(arguments: ["--format", ","], mentions: "--format"),
        BadInput(arguments: ["--shapes", "square,blob"], mentions: "square, circle, triangle, star, hexagon"),
        BadInput(arguments: ["--shapes", ""], mentions: "--shapes"),
        BadInput(arguments: ["--min-proportion", "0.9", "--max-proportion", "0.3"], mentions: "above the maximum"),
        BadInput(arguments: ["--min-proportion", "0"], mentions: "(0, 1]"),
        // Areas that underflow to 0 gave `cannot encode JSON: inf` (exit 70) after rendering.
        BadInput(arguments: ["--min-proportion", "1e-300", "--no-outline"], mentions: "--min-proportion"),
        BadInput(
            arguments: ["--min-proportion", "1e-320", "--max-proportion", "1e-160", "--no-outline"],
            mentions: "0.0001 to 1"),
        BadInput(arguments: ["--line-width", "inf"], mentions: "--line-width"),
        BadInput(arguments: ["--max-proportion", "1.5"], mentions: "(0, 1]"),
        BadInput(arguments: ["--min-ratio", "1"], mentions: "--min-ratio"),
        BadInput(arguments: ["--min-ratio", "0.5"], mentions: "--min-ratio"),
        BadInput(arguments: ["--min-ratio", "10"], mentions: "at most 7.111"),
        BadInput(arguments: ["--fill", "bluish"], mentions: "--fill"),
        BadInput(arguments: ["--outline", "#12"], mentions: "--outline"),
        BadInput(arguments: ["--background", "see-through"], mentions: "--background"),
        BadInput(arguments: ["--line-width", "0"], mentions: "--line-width"),
        BadInput(arguments: ["--line-width", "1000"], mentions: "--line-width"),
        BadInput(arguments: ["--no-fill", "--no-outline"], mentions: "nothing would be drawn"),
        // Invisible shapes whose keys name a larger one.
        BadInput(arguments: ["--fill", "transparent", "--outline", "transparent"], mentions: "--fill and --outline"),
        BadInput(
            arguments: ["--no-fill", "--outline", "#FF000000"],
            mentions: "both transparent, so the images would show no shapes"),
        BadInput(arguments: ["--fill", "clear", "--no-outline"], mentions: "give the fill or the outline a visible"),
        BadInput(arguments: ["--strategy", "basic"], mentions: "exactly one"),
        BadInput(arguments: ["--strategy", "clever"], mentions: "--strategy"),
        BadInput(arguments: ["--seed", "-1"], mentions: "--seed"),
        BadInput(arguments: ["--colour", "red"], mentions: "--colour"),
        BadInput(arguments: ["--min-ratio", "nan"], mentions: "--min-ratio"),
        BadInput(arguments: ["--jobs", "0"], mentions: "--jobs"),
        BadInput(arguments: ["--jobs", "1000"], mentions: "1 to 256"),
        BadInput(arguments: ["--shard", "4/3"], mentions: "K/N"),
        BadInput(arguments: ["--shard", "half"], mentions: "--shard"),
        BadInput(arguments: ["--resume", "--force"], mentions: "choose one"),
        BadInput(arguments: ["--difficulty", "hard", "--min-ratio", "1.5"], mentions: "--difficulty hard"),
        BadInput(arguments: ["--difficulty", "extreme"], mentions: "--difficulty"),
        BadInput(arguments: ["--strategy", "graded", "--difficulty", "easy"], mentions: "graded"),
        BadInput(
            arguments: [
                "--strategy", "mixed", "--shapes", "star,square", "--min-proportion", "0.9", "--max-proportion", "1",
                "--difficulty", "medium",
            ], mentions: "--min-ratio"),
    ]

    @Test(arguments: badInputs)
    func badOptionsGetOneLineStatus64AndNoOutput(_ input: BadInput) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(
            ["generate"] + input.arguments + ["--out", folder.path("set")], in: folder.url)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: "))
        #expect(result.stderr.contains(input.mentions), "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func anOutputUnderAFileIsRefusedWith73() throws {
        let folder = try TemporaryFolder()
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("file"))
        for out in ["file/set", "file/deeper/set", "file"] {
            let result = try ShapeTurnsBinary.run(["generate", "--turns", "2", "--out", folder.path(out)])
            #expect(result.status == 73, "\(out): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["file"])
        }
    }

    @Test func anUnwritablePlaceIsRefusedWith73() throws {
        let result = try ShapeTurnsBinary.run(["generate", "--turns", "2", "--out", "/proc/shapeturns-set"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: cannot create output folder /proc/shapeturns-set"))
    }

    @Test func missingParentsAreCreatedAndASetIsNeverOverwrittenByAccident() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("a/b/set")
        let first = try ShapeTurnsBinary.run(["generate", "--turns", "3", "--seed", "1", "--out", out])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try TemporaryFolder.files(in: URL(fileURLWithPath: out))

        let refused = try ShapeTurnsBinary.run(["generate", "--turns", "3", "--seed", "2", "--out", out])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("--force"))
        #expect(try TemporaryFolder.files(in: URL(fileURLWithPath: out)) == before)

        let forced = try ShapeTurnsBinary.run(["generate", "--turns", "3", "--seed", "2", "--out", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let after = try TemporaryFolder.files(in: URL(fileURLWithPath: out))
        #expect(after["answers.jsonl"] != before["answers.jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("a/b")) == ["set"])
    }

    @Test func anEmptyExistingFolderIsUsed() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: false)
        let result = try ShapeTurnsBinary.run(["generate", "--turns", "2", "--out", folder.path("empty")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("empty/manifest.json")))
    }

    // The whole help text is held by HelpTextTests.
    @Test func versionNamesCairo() throws {
        let version = try ShapeTurnsBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.contains("Cairo 1."))
    }
}
