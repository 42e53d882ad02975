import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurns
import Testing

@Suite("shapeturns worksheet, end to end")
struct WorksheetCommandTests {
    static func worksheet(_ arguments: [String], out: String) throws {
        let result = try ShapeTurnsBinary.run(["worksheet"] + arguments + ["--out", out, "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    /// The share of a rendered page's pixels that are not white.
    static func inked(_ png: String) throws -> Double {
        let pixels = try CairoSurface.readPNG(path: png).argbPixels()
        return Double(pixels.filter { $0 & 0xFFFFFF != 0xFFFFFF }.count) / Double(pixels.count)
    }

    @Test func thirtyTurnsMakeAnA4PDFOfFivePages() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            "worksheet", "--turns", "30", "--seed", "7", "--out", folder.path("sheet.pdf"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "Wrote 30 turns on 5 pages (4 of turns, 1 of answers): \(folder.path("sheet.pdf")); sheet "))
        let code = result.stdout.split(separator: " ").last?.trimmingCharacters(in: .newlines) ?? ""
        #expect(code.count == 9 && code.dropFirst(4).first == "-", "\(code)")
        let footer = try Poppler.text(folder.path("sheet.pdf"), pages: 1...1)
        #expect(footer.contains("Sheet \(code)") && footer.contains("Seed 7"), "\(footer)")
        let info = try Poppler.info(folder.path("sheet.pdf"))
        #expect(info["Pages"] == "5")
        #expect(info["Page size"] == "595.28 x 841.89 pts (A4)")
        #expect(info["Title"] == "Tap the Larger Shape")
        #expect(info["CreationDate"]?.contains("2000") == true)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                ".shapeturns-files", "sheet.pdf",
            ])
    }

    @Test func letterOnRequest() throws {
        let folder = try TemporaryFolder()
        try Self.worksheet(["--turns", "30", "--seed", "7", "--paper", "letter"], out: folder.path("sheet.pdf"))
        let info = try Poppler.info(folder.path("sheet.pdf"))
        #expect(info["Page size"] == "612 x 792 pts (letter)")
        #expect(info["Pages"] == "5")
    }

    @Test(arguments: ["pdf", "svg", "png"])
    func theSameOptionsGiveTheSameBytes(format: String) throws {
        let folder = try TemporaryFolder()
        let arguments = ["--turns", "30", "--seed", "7", "--strategy", "mixed", "--shapes", "circle,star,hexagon"]
        for run in ["first", "second"] {
            try Self.worksheet(arguments, out: folder.path("\(run)/sheet.\(format)"))
        }
        try Self.worksheet(arguments, out: folder.path("second/sheet.\(format)"))
        let first = try TemporaryFolder.files(in: folder.url.appendingPathComponent("first"))
        let second = try TemporaryFolder.files(in: folder.url.appendingPathComponent("second"))
        // The pages, and the record of what ShapeTurns wrote there (.shapeturns-files).
        #expect(first.count == (format == "pdf" ? 1 : 5) + 1)
        #expect(first == second)
        try Self.worksheet(["--turns", "30", "--seed", "8"], out: folder.path("third/sheet.\(format)"))
        let third = try TemporaryFolder.files(in: folder.url.appendingPathComponent("third"))
        #expect(third != first)
    }

    @Test func theFirstPageIsNotBlank() throws {
        let folder = try TemporaryFolder()
        try Self.worksheet(["--turns", "30", "--seed", "7"], out: folder.path("sheet.pdf"))
        let page = try Poppler.rasterise(folder.path("sheet.pdf"), page: 1, dpi: 30, into: folder)
        let inked = try Self.inked(page)
        #expect(inked > 0.05, "\(inked) of the first page is inked")
        let text = try Poppler.text(folder.path("sheet.pdf"), pages: 1...1)
        for word in ["Tap the Larger Shape", "Name", "Date", "Score", "/ 30", "Page 1 of 5", "Seed 7"] {
            #expect(text.contains(word), "\(word) is missing from page 1: \(text)")
        }
    }

    static let strategies: [[String]] = [
        [],
        ["--strategy", "mixed", "--shapes", "square,circle,triangle,star,hexagon"],
        ["--strategy", "graded", "--shapes", "triangle,star", "--min-ratio", "1.05"],
        ["--strategy", "basic", "--shapes", "hexagon", "--difficulty", "hard", "--seed", "99"],
    ]

    /// The answer page lists `12: B` for every turn, and each is what `generate` says with the
    /// same options and seed.
    @Test(arguments: strategies)
    func theAnswerKeyMatchesGenerateTurnByTurn(options: [String]) throws {
        let folder = try TemporaryFolder()
        let common = ["--turns", "30", "--seed", "7"] + options
        let generated = try ShapeTurnsBinary.run(
            ["generate"] + common + ["--format", "svg", "--out", folder.path("set")])
        try #require(generated.status == 0, "\(generated.stderr)")
        let decoder = JSONDecoder()
        let answers = try String(contentsOf: folder.url.appendingPathComponent("set/answers.jsonl"), encoding: .utf8)
            .split(separator: "\n")
            .map { try decoder.decode(TurnAnswer.self, from: Data($0.utf8)) }
        #expect(answers.count == 30)

        try Self.worksheet(common, out: folder.path("sheet.pdf"))
        let pages = try Poppler.pageCount(folder.path("sheet.pdf"))
        #expect(pages == 5)
        let key = try Poppler.text(folder.path("sheet.pdf"), pages: pages...pages)
        #expect(key.contains("Answer key"))
        var entries: [Int: String] = [:]
        for match in key.matches(of: /(\d+): ([AB])/) {
            let turn = try #require(Int(match.output.1))
            #expect(entries[turn] == nil, "turn \(turn) is listed twice")
            entries[turn] = String(match.output.2)
        }
        #expect(entries.count == 30)
        for answer in answers {
            #expect(entries[answer.turn] == answer.larger.rawValue.uppercased(), "turn \(answer.turn)")
        }
    }

    /// In the library too: turn by turn, the worksheet's shapes are generate's shapes.
    @Test(arguments: strategies)
    func theWorksheetsTurnsAreGeneratesTurns(options: [String]) throws {
        let game = try Self.gameOptions(["--turns", "30", "--seed", "7"] + options)
        var worksheetOptions = WorksheetOptions()
        worksheetOptions.game = game
        let worksheet = try WorksheetGenerator(options: worksheetOptions)
        let generator = try SetGenerator(options: game)
        #expect(worksheet.turns.count == 30)
        for (index, turn) in worksheet.turns.enumerated() {
            let answer = try generator.renderTurn(number: index + 1).answer
            #expect(turn.number == answer.turn)
            #expect(turn.larger == answer.larger)
            #expect(worksheet.answers[index] == answer.larger)
            for (label, shape) in zip(ShapeLabel.allCases, answer.shapes) {
                #expect(turn.shape(label).kind == shape.kind)
                #expect(turn.shape(label).proportion == shape.proportion)
            }
        }
    }

    /// The library's options for command-line options of the kinds `strategies` uses; any other
    /// option fails the test, so every row is applied in full.
    static func gameOptions(_ arguments: [String]) throws -> GenerateOptions {
        var game = GenerateOptions()
        for index in stride(from: 0, to: arguments.count, by: 2) {
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--turns": game.turns = try #require(Int(value))
            case "--seed": game.seed = try #require(UInt64(value))
            case "--strategy": game.strategy = try #require(StrategyName(rawValue: value))
            case "--difficulty": game.difficulty = try #require(Difficulty(rawValue: value)) as Difficulty
            case "--min-ratio": game.minimumRatio = try #require(Double(value))
            case "--shapes": game.shapes = value.split(separator: ",").map { ShapeKind(rawValue: String($0)) }
            default: Issue.record("the test does not apply \(arguments[index])")
            }
        }
        return game
    }

    @Test func gameOptionsApplyEveryRow() throws {
        let rows = try Self.strategies.map { try Self.gameOptions(["--seed", "7"] + $0) }
        #expect(rows.map(\.strategy) == [.random, .mixed, .graded, .basic])
        #expect(rows[2].minimumRatio == 1.05 && rows[3].difficulty == .hard && rows[3].seed == 99)
        #expect(rows[3].shapes == [ShapeKind(rawValue: "hexagon")])
    }

    @Test func noAnswerKeyLeavesItOut() throws {
        let folder = try TemporaryFolder()
        try Self.worksheet(["--turns", "30", "--no-answer-key"], out: folder.path("sheet.pdf"))
        #expect(try Poppler.pageCount(folder.path("sheet.pdf")) == 4)
        let text = try Poppler.text(folder.path("sheet.pdf"), pages: 1...4)
        #expect(!text.contains("Answer key"))
        #expect(text.contains("Page 4 of 4"))
    }

    @Test func gridAndTitleOptionsShapeThePages() throws {
        let folder = try TemporaryFolder()
        try Self.worksheet(
            ["--turns", "30", "--columns", "3", "--rows", "5", "--title", "Warm-up, week 3"],
            out: folder.path("sheet.pdf"))
        #expect(try Poppler.pageCount(folder.path("sheet.pdf")) == 3)
        #expect(try Poppler.info(folder.path("sheet.pdf"))["Title"] == "Warm-up, week 3")
        let first = try Poppler.text(folder.path("sheet.pdf"), pages: 1...1)
        #expect(first.contains("Warm-up, week 3"))
        #expect(first.contains("15") && !first.contains("16"))
    }

    @Test func pngAndSVGPagesAreNumberedFilesOfTheirOwn() throws {
        let folder = try TemporaryFolder()
        try Self.worksheet(["--turns", "30"], out: folder.path("pages/sheet.png"))
        let pages = folder.url.appendingPathComponent("pages")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: pages.path).filter { $0 != ".shapeturns-files" }
                .sorted()
                == ["sheet-01.png", "sheet-02.png", "sheet-03.png", "sheet-04.png", "sheet-05.png"])
        let first = try CairoSurface.readPNG(path: pages.appendingPathComponent("sheet-01.png").path)
        #expect(first.width == 1240 && first.height == 1754)
        #expect(try Self.inked(pages.appendingPathComponent("sheet-01.png").path) > 0.05)

        try Self.worksheet(["--turns", "30", "--paper", "letter"], out: folder.path("pages/sheet.svg"))
        let svg = try String(contentsOf: pages.appendingPathComponent("sheet-05.svg"), encoding: .utf8)
        #expect(svg.contains(#"width="612pt" height="792pt""#))

        // A shorter run under the same name replaces the set of pages: no stale page 3 to 5, and
        // no temporary page a killed run left.
        try Data("partial".utf8).write(to: pages.appendingPathComponent(".sheet-07.png.4242.shapeturns-partial"))
        try Data("keep".utf8).write(to: pages.appendingPathComponent("sheet-notes.png"))
        try Self.worksheet(["--turns", "8"], out: folder.path("pages/sheet.png"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: pages.path).filter { $0 != ".shapeturns-files" }
                .sorted() == [
                    "sheet-01.png", "sheet-01.svg", "sheet-02.png", "sheet-02.svg", "sheet-03.svg", "sheet-04.svg",
                    "sheet-05.svg",
                    "sheet-notes.png",
                ])
    }

    @Test func noOptionsWriteASixteenTurnWorksheetHere() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["worksheet"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Poppler.pageCount(folder.path("worksheet.pdf")) == 3)
    }

    // The whole help text of `worksheet` and of `shapeturns` is held by HelpTextTests.
}
