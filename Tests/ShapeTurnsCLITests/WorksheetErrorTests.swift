import Foundation
import Testing

@Suite("shapeturns worksheet refuses bad input cleanly")
struct WorksheetErrorTests {
    static let badInputs: [GenerateErrorTests.BadInput] = [
        .init(arguments: ["--turns", "0"], mentions: "--turns: must be 1 to 10000"),
        .init(arguments: ["--turns", "10001"], mentions: "--turns: must be 1 to 10000"),
        .init(arguments: ["--columns", "0"], mentions: "--columns: must be 1 to 6"),
        .init(arguments: ["--columns", "7"], mentions: "--columns: must be 1 to 6"),
        .init(arguments: ["--rows", "0"], mentions: "--rows: must be 1 to 10"),
        .init(arguments: ["--rows", "11"], mentions: "--rows: must be 1 to 10"),
        .init(arguments: ["--rows", "many"], mentions: "--rows"),
        .init(arguments: ["--title", ""], mentions: "--title"),
        .init(arguments: ["--title", "   "], mentions: "--title"),
        .init(arguments: ["--title", String(repeating: "x", count: 61)], mentions: "1 to 60 characters"),
        .init(arguments: ["--title", "two\nlines"], mentions: "--title"),
        .init(arguments: ["--paper", "a3"], mentions: "--paper"),
        .init(arguments: ["--shapes", "square,blob"], mentions: "square, circle, triangle, star, hexagon"),
        .init(arguments: ["--strategy", "basic"], mentions: "exactly one"),
        .init(arguments: ["--min-ratio", "1"], mentions: "--min-ratio"),
        .init(arguments: ["--fill", "bluish"], mentions: "--fill"),
        .init(arguments: ["--line-width", "0"], mentions: "--line-width"),
        .init(arguments: ["--no-fill", "--no-outline"], mentions: "nothing would be drawn"),
        .init(arguments: ["--size", "64"], mentions: "--size"),
        .init(arguments: ["--format", "png"], mentions: "--format"),
    ]

    @Test(arguments: badInputs)
    func badOptionsGetOneLineStatus64AndNoOutput(_ input: GenerateErrorTests.BadInput) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(
            ["worksheet"] + input.arguments + ["--out", folder.path("out/sheet.pdf")], in: folder.url)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: "))
        #expect(result.stderr.contains(input.mentions), "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test(arguments: ["sheet.txt", "sheet", "sheet.pdf/", ".pdf", "sheet.jpeg"])
    func theExtensionMustNameAFormat(out: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["worksheet", "--out", out], in: folder.url)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: --out: name a .pdf, .png or .svg file"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func anOutputUnderAFileIsRefusedWith73AndNothingIsLeft() throws {
        let folder = try TemporaryFolder()
        try Data("x".utf8).write(to: folder.url.appendingPathComponent("file"))
        for out in ["file/sheet.pdf", "file/deeper/sheet.png"] {
            let result = try ShapeTurnsBinary.run(["worksheet", "--turns", "2", "--out", folder.path(out)])
            #expect(result.status == 73, "\(out): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains("is a file, not a folder"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["file"])
        }
    }

    @Test func aFolderInTheWayIsRefusedWith73() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("sheet.pdf"), withIntermediateDirectories: false)
        let result = try ShapeTurnsBinary.run(["worksheet", "--turns", "2", "--out", folder.path("sheet.pdf")])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("a folder of that name is in the way"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("sheet.pdf")).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["sheet.pdf"])
    }

    @Test(arguments: ["/proc/shapeturns-sheet.pdf", "/proc/shapeturns/sheet.png"])
    func anUnwritablePlaceIsRefusedWith73(out: String) throws {
        let result = try ShapeTurnsBinary.run(["worksheet", "--turns", "2", "--out", out])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("shapeturns: cannot create \(out): "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func missingFoldersAreCreatedAndAWorksheetShapeTurnsWroteIsReplaced() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("a/b/sheet.pdf")
        for seed in ["1", "2"] {
            let result = try ShapeTurnsBinary.run(["worksheet", "--turns", "3", "--seed", seed, "--out", out, "-q"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path("a/b")).sorted() == [
                    ".shapeturns-files", "sheet.pdf",
                ])
        }
        // Changed since ShapeTurns wrote it: now the user's, and kept.
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: out))
        let refused = try ShapeTurnsBinary.run(["worksheet", "--turns", "3", "--out", out, "-q"])
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("ShapeTurns did not write"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("my notes".utf8))
    }
}
