import Foundation
import ShapeTurns
import Testing

@Suite("dataset layouts and packs, end to end")
struct DatasetSetTests {
    /// The images, SVGs and manifest of a default set, as `main` wrote them before the dataset
    /// options existed (SHA-256 of `sha256sum` over the sorted files): the new options must not
    /// change a default set's images. Answer keys are left out: they gained `box`.
    @Test func aDefaultSetKeepsItsImageBytes() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["generate", "--turns", "4", "--seed", "5", "--size", "64", "--format", "png,svg", "--out", folder.path("set"), "-q"])
        try #require(result.status == 0, "\(result.stderr)")
        let digest = try ShapeTurnsBinary.runTool(URL(fileURLWithPath: "/bin/sh"), [
            "-c", "find . -type f \\( -name '*.png' -o -name '*.svg' -o -name manifest.json \\) | LC_ALL=C sort | xargs sha256sum | sha256sum",
        ], in: folder.url.appendingPathComponent("set"))
        #expect(digest.stdout.hasPrefix("aa3411cba8724d2a3c9c42f3a695031a571b9e86e47d864f211ca4b533e88fc6"), "\(digest.stdout)")
    }

    @Test(arguments: [["--layout", "separate"], ["--layout", "pair", "--split", "train=0.7,test=0.3"]])
    func tarShardsAreTheSameBytesForAnyJobs(extra: [String]) throws {
        let folder = try TemporaryFolder()
        for jobs in ["1", "2"] {
            let result = try ShapeTurnsBinary.run(
                ["generate", "--turns", "23", "--seed", "9", "--size", "48", "--pack", "tar", "--shard-turns", "4", "--jobs", jobs, "--out", folder.path(jobs), "-q"] + extra
            )
            try #require(result.status == 0, "\(result.stderr)")
        }
        let one = try TemporaryFolder.files(in: folder.url.appendingPathComponent("1"))
        let two = try TemporaryFolder.files(in: folder.url.appendingPathComponent("2"))
        #expect(one.keys.filter { $0.hasSuffix(".tar") }.count >= 6)
        #expect(one == two)
        let manifest = try JSONDecoder().decode(SetManifest.self, from: try #require(one["manifest.json"]))
        let shards = try #require(manifest.shards)
        #expect(shards.map(\.turns).reduce(0, +) == 23)
        for shard in shards {
            #expect(one[shard.file]?.count == shard.bytes)
        }
    }

    @Test func aPairImageHoldsBothShapesInTheirBoxes() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["generate", "--turns", "8", "--seed", "2", "--size", "100", "--layout", "pair", "--out", folder.path("set"), "-q"])
        try #require(result.status == 0, "\(result.stderr)")
        let set = folder.url.appendingPathComponent("set")
        let files = try TemporaryFolder.files(in: set)
        #expect(files.keys.filter { $0.hasSuffix(".png") }.count == 8)
        for line in try String(contentsOf: set.appendingPathComponent("answers.jsonl"), encoding: .utf8).split(separator: "\n") {
            let answer = try JSONDecoder().decode(TurnAnswer.self, from: Data(line.utf8))
            #expect(answer.canvas.width == 2 * 100 + 4 * 6 && answer.canvas.height == 100 + 2 * 6 && answer.canvas.shapeSquare == 100)
            let (a, b) = (answer.shapes[0], answer.shapes[1])
            #expect(a.files == b.files && a.files.png == SetLayout.pairImageFile(ofTurn: answer.turn, format: .png))
            #expect(a.box.x + a.box.width <= 6 + 100 && b.box.x >= 6 + 100 + 12, "A in the left square, B in the right")
            #expect(abs(Double(a.box.width) - a.extentPixels) <= 2 && abs(Double(b.box.width) - b.extentPixels) <= 2)
        }
    }

    static let badInput: [(arguments: [String], option: String)] = [
        (["--labels"], "--labels"),
        (["--split", "train=0.5"], "--split"),
        (["--split", "train=0.5,train=0.5"], "--split"),
        (["--split", "turns=1"], "--split"),
        (["--split", "a b=1"], "--split"),
        (["--pack", "tar", "--shard-turns", "0"], "--shard-turns"),
        (["--shard-turns", "5"], "--shard-turns"),
        (["--pack", "tar", "--turn-json", "false"], "--turn-json"),
        (["--layout", "pair", "--size", "4000"], "--size"),
        (["--layout", "grid"], "--layout"),
        (["--pack", "zip"], "--pack"),
    ]

    @Test(arguments: badInput)
    func badDatasetOptionsAreRefusedInOneLine(arguments: [String], option: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["generate", "--turns", "3", "--out", folder.path("set")] + arguments)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.contains(option), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("set")))
    }
}
