import Foundation
import ShapeRendering
import ShapeTurns
import Testing

@Suite("shapeturns generate, end to end")
struct GenerateSetTests {
    static let arguments = ["generate", "--turns", "30", "--seed", "7", "--size", "256", "--format", "png,svg"]

    @Test func theSameOptionsGiveTheSameBytes() throws {
        let folder = try TemporaryFolder()
        for name in ["first", "second"] {
            let result = try ShapeTurnsBinary.run(Self.arguments + ["--out", folder.path(name)])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let first = try TemporaryFolder.files(in: folder.url.appendingPathComponent("first"))
        let second = try TemporaryFolder.files(in: folder.url.appendingPathComponent("second"))
        #expect(first.count == 5 + 30 * 5)
        #expect(first.keys.sorted() == second.keys.sorted())
        for (path, bytes) in first {
            #expect(second[path] == bytes, "\(path) differs between runs")
        }
        let otherSeed = try ShapeTurnsBinary.run([
            "generate", "--turns", "30", "--seed", "8", "--size", "256", "--out", folder.path("third"),
        ])
        #expect(otherSeed.status == 0)
        let third = try TemporaryFolder.files(in: folder.url.appendingPathComponent("third"))
        #expect(third["answers.jsonl"] != first["answers.jsonl"])
    }

    static let strategies: [[String]] = [
        [],
        ["--strategy", "mixed", "--shapes", "square,circle,triangle,star,hexagon"],
        ["--strategy", "graded", "--shapes", "triangle,star,hexagon", "--min-ratio", "1.05"],
        ["--strategy", "basic", "--shapes", "star", "--difficulty", "hard"],
        ["--strategy", "random", "--shapes", "hexagon,triangle", "--difficulty", "easy"],
        ["--strategy", "mixed", "--shapes", "circle,square", "--difficulty", "medium", "--line-width", "2"],
    ]

    @Test(arguments: strategies)
    func keysAgreeWithThePixels(strategy: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(Self.arguments + strategy + ["--out", folder.path("set")])
        #expect(result.status == 0, "\(result.stderr)")
        let set = folder.url.appendingPathComponent("set")
        let lines = try String(contentsOf: set.appendingPathComponent("answers.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count == 30)
        let decoder = JSONDecoder()
        let manifest = try decoder.decode(
            SetManifest.self, from: Data(contentsOf: set.appendingPathComponent("manifest.json")))
        #expect(manifest.counts.largerA == 15 && manifest.counts.largerB == 15)
        for (index, line) in lines.enumerated() {
            let answer = try decoder.decode(TurnAnswer.self, from: Data(line.utf8))
            #expect(answer.turn == index + 1)
            #expect(answer.seed == 7)
            let perTurn = try decoder.decode(
                TurnAnswer.self,
                from: Data(
                    contentsOf: set.appendingPathComponent(
                        SetLayout.answerFile(ofTurn: answer.turn, turnCount: lines.count))))
            #expect(perTurn == answer)
            #expect(answer.areaRatio >= manifest.options.minimumRatio)
            #expect(answer.shapes.map(\.label) == [.a, .b])
            var covered: [Double] = []
            for shape in answer.shapes {
                #expect(manifest.options.shapes.contains(shape.kind))
                let png = try #require(shape.files.png)
                let image = try CairoSurface.readPNG(path: set.appendingPathComponent(png).path)
                #expect(image.width == 256 && image.height == 256)
                let coverage = try Self.coverage(image)
                #expect(
                    abs(coverage - shape.area) / shape.area < 0.01,
                    "turn \(answer.turn) \(shape.label) \(shape.kind): covers \(coverage), key says \(shape.area)")
                covered.append(coverage)
            }
            let largerIndex = answer.larger == .a ? 0 : 1
            #expect(
                covered[largerIndex] > covered[1 - largerIndex],
                "turn \(answer.turn): the key's larger shape covers less")
            let ratio = covered[largerIndex] / covered[1 - largerIndex]
            #expect(
                abs(ratio - answer.areaRatio) / answer.areaRatio < 0.01,
                "turn \(answer.turn): ratio \(ratio) vs key \(answer.areaRatio)")
        }
    }

    @Test func svgsCoverWhatTheirPNGsCover() throws {
        let rsvg = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        try #require(
            FileManager.default.isExecutableFile(atPath: rsvg.path),
            "rsvg-convert (librsvg2-bin) is needed; scripts/test installs it")
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "6", "--seed", "3", "--size", "200", "--format", "svg,png", "--out",
            folder.path("set"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let set = folder.url.appendingPathComponent("set")
        for turn in 1...6 {
            for label in ["a", "b"] {
                let stem = set.appendingPathComponent("turns/000/\(String(format: "%06d", turn))-\(label)")
                let rasterised = folder.url.appendingPathComponent("rasterised.png")
                let converted = try ShapeBinaryTool.rsvg(rsvg, svg: stem.appendingPathExtension("svg"), png: rasterised)
                #expect(converted.status == 0, "\(converted.stderr)")
                let fromSVG = try CairoSurface.readPNG(path: rasterised.path)
                let fromPNG = try CairoSurface.readPNG(path: stem.appendingPathExtension("png").path)
                #expect(fromSVG.width == 200 && fromSVG.height == 200)
                let svgCoverage = try Self.coverage(fromSVG)
                let pngCoverage = try Self.coverage(fromPNG)
                #expect(
                    abs(svgCoverage - pngCoverage) / pngCoverage < 0.01,
                    "turn \(turn) \(label): SVG covers \(svgCoverage), PNG \(pngCoverage)")
            }
        }
    }

    @Test func aTurnIsTheSameWhateverTheTurnCount() throws {
        let folder = try TemporaryFolder()
        for (name, count) in [("short", "4"), ("long", "25")] {
            let result = try ShapeTurnsBinary.run([
                "generate", "--turns", count, "--seed", "11", "--size", "64", "--out", folder.path(name),
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let short = try TemporaryFolder.files(in: folder.url.appendingPathComponent("short"))
        let long = try TemporaryFolder.files(in: folder.url.appendingPathComponent("long"))
        for (path, bytes) in short where path.hasPrefix("turns/") {
            #expect(long[path] == bytes, "\(path) changed with the turn count")
        }
    }

    /// Every colour of the manifest has one form, the answer keys' (`#RRGGBB[AA]`), so a key's
    /// colours and the manifest's read alike.
    @Test func everyManifestColourIsWrittenAsTheKeysWriteIt() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "2", "--size", "64", "--fill", "#996633", "--outline", "orange", "--background",
            "orange", "--out", folder.path("set"), "-q",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("set/manifest.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let options = try #require(object["options"] as? [String: Any])
        let style = try #require(options["style"] as? [String: Any])
        #expect(style["fillColor"] as? String == "#996633")
        #expect(style["outlineColor"] as? String == "#FF8000")
        #expect(options["background"] as? String == "#FF8000")
        let key = try Data(contentsOf: folder.url.appendingPathComponent("set/answers.jsonl"))
        let line = try #require(String(decoding: key, as: UTF8.self).split(separator: "\n").first)
        #expect(line.contains(##""fill":"#996633""##) && line.contains(##""outline":"#FF8000""##), "\(line)")
        let manifest = try JSONDecoder().decode(SetManifest.self, from: bytes)
        #expect(manifest.options.background == .color(try RGBAColor(parsing: "#FF8000")))
    }

    /// The default outline scales with the canvas: 6 px at 512, but not below 2 px (where the key's
    /// areas would stop matching the pixels), and the smallest canvas works too.
    @Test(arguments: [(16, 2.0), (100, 2.0), (200, 2.34375), (512, 6.0), (8192, 96.0)])
    func theDefaultLineWidthScalesWithTheCanvas(size: Int, width: Double) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "1", "--size", String(size), "--format", "svg", "--out", folder.path("set"), "-q",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let manifest = try JSONDecoder().decode(
            SetManifest.self, from: Data(contentsOf: folder.url.appendingPathComponent("set/manifest.json")))
        #expect(manifest.options.style.lineWidth == width)
    }

    @Test func noOptionsWritesASmallSetToTurns() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["generate"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("10 turns"))
        let files = try TemporaryFolder.files(in: folder.url.appendingPathComponent("turns"))
        #expect(files.keys.filter { $0.hasSuffix(".png") }.count == 20)
        let manifest = try JSONDecoder().decode(SetManifest.self, from: try #require(files["manifest.json"]))
        // Colours are recorded as the keys write them, 8 bits a channel (the default outline,
        // UIKit's orange with green 0.5, reads back as 128/255), so the options are compared as
        // the manifest writes them.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(manifest.options) == encoder.encode(GenerateOptions()))
        #expect(manifest.counts.turns == 10)
        #expect(manifest.counts.largerA + manifest.counts.largerB == 10)
        #expect(manifest.cairoVersion == CairoVersion.string)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["turns"])
    }

    static func coverage(_ surface: CairoSurface) throws -> Double {
        let pixels = try surface.argbPixels()
        return pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 } / Double(pixels.count)
    }
}

/// Other programs the end-to-end tests check ShapeTurns' output with.
enum ShapeBinaryTool {
    static func rsvg(_ executable: URL, svg: URL, png: URL) throws -> ShapeTurnsBinary.Result {
        try ShapeTurnsBinary.runTool(executable, ["--format", "png", "--output", png.path, svg.path])
    }
}
