import Foundation
import ShapeGame
import ShapeTurns
import Testing

@testable import ShapeTurnsClassroom
@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore
@testable import ShapeTurnsSets

/// A class's sheets are equally hard, visible to a child, printable without handing out the
/// keys, and written again as one set (issue 21, part A, items 5, 7, 8 and 9).
@Suite("fair and readable class sheets")
struct FairClassSheetsTests {
    static let roster = Roster(
        students: ["Ana Lima", "Bo Chen", "Cy Dee", "Dana Eze", "Eli Fox", "Fay Gill"].enumerated().map {
            Student(number: $0.offset + 1, name: $0.element)
        })

    static func options(turns: Int = 20, seed: UInt64 = 2026, configure: (inout GenerateOptions) -> Void = { _ in })
        -> WorksheetOptions
    {
        var options = WorksheetOptions()
        options.game.turns = turns
        options.game.seed = seed
        configure(&options.game)
        return options
    }

    /// Ratios rounded to nine significant digits, sorted: a sheet's difficulty as a multiset.
    static func difficulty(_ turns: [Turn]) -> [Double] {
        turns.map { ($0.areaRatio * 1e8).rounded() / 1e8 }.sorted()
    }

    @Test(arguments: [StrategyName.random, .mixed, .graded])
    func everyStudentGetsTheSameRatiosInAnOrderAndWithShapesOfTheirOwn(strategy: StrategyName) throws {
        let options = Self.options { game in
            game.strategy = strategy
            game.shapes = [.square, .circle, .triangle]
        }
        let generator = try ClassWorksheetGenerator(options: options, roster: Self.roster)
        let first = Self.difficulty(generator.sheets[0].turns)
        #expect(first.count == 20)
        for sheet in generator.sheets {
            #expect(Self.difficulty(sheet.turns) == first, "\(sheet.student?.name ?? "")")
        }
        let orders = generator.sheets.map { $0.turns.map { ($0.areaRatio * 1e8).rounded() } }
        if strategy == .graded {
            #expect(Set(orders).count == 1, "graded keeps its easy-to-hard order")
        } else {
            #expect(Set(orders).count == Self.roster.students.count, "each student has an order of their own")
        }
        let shapes = generator.sheets.map { $0.turns.map { [$0.shapeA.kind, $0.shapeB.kind] } }
        #expect(Set(shapes.map { $0.description }).count == Self.roster.students.count)
        // The class key prints each sheet's difficulty: the same line for everyone.
        let notes = generator.keyPages.entries.map(\.note)
        #expect(Set(notes).count == 1)
        #expect(notes[0].hasPrefix("ratios: "), "\(notes[0])")
        // A key rebuilt from the options and the roster is the sheets' key.
        let rebuilt = try ScoringKey.rebuilt(options: options.game, roster: Self.roster)
        #expect(rebuilt.sheets.map { $0.turns.map(\.larger) } == generator.sheets.map(\.answers))
        #expect(rebuilt.sheets.map(\.code) == generator.sheets.map(\.code.description))
    }

    @Test func aSeedReusedWithOtherShapesGivesOtherAnswerPatterns() throws {
        let week1 = try ClassWorksheetGenerator(options: Self.options(), roster: Self.roster)
        let week2 = try ClassWorksheetGenerator(
            options: Self.options { $0.shapes = [.triangle, .star] }, roster: Self.roster)
        for (one, other) in zip(week1.sheets, week2.sheets) {
            #expect(one.answers != other.answers, "\(one.student?.name ?? "")")
        }
        let again = try ClassWorksheetGenerator(options: Self.options(), roster: Self.roster)
        #expect(again.sheets.map(\.answers) == week1.sheets.map(\.answers), "same options and seed, same sheets")
    }

    @Test func worksheetsDefaultToPairsAChildCanTellApartAndKeepMinRatioOneTenth() throws {
        let sheet = try WorksheetGenerator(options: Self.options(turns: 500))
        #expect(WorksheetOptions().game.minimumRatio == 1.25)
        #expect(sheet.turns.allSatisfy { $0.areaRatio >= 1.25 })
        #expect(GenerateOptions().minimumRatio == 1.1, "generate keeps its default")

        let folder = try TemporaryFolder()
        let pdf = folder.path("close.pdf")
        let made = try ShapeTurnsBinary.run([
            "worksheet", "--turns", "500", "--min-ratio", "1.1", "--no-answer-key", "--quiet", "--out", pdf,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let keywords = try #require(try Poppler.info(pdf)["Keywords"])
        #expect(keywords.contains("\"minimumRatio\":1.1"), "\(keywords.prefix(300))")
        // score --seed rebuilds a worksheet's key with the worksheet's default.
        let defaultSheet = folder.path("default.pdf")
        _ = try ShapeTurnsBinary.run(["worksheet", "--turns", "30", "--seed", "9", "--quiet", "--out", defaultSheet])
        let key = try #require(try Poppler.info(defaultSheet)["Keywords"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(key.utf8)) as? [String: Any])
        let sheets = try #require(object["sheets"] as? [[String: Any]])
        let answers = try #require(sheets.first?["answers"] as? String)
        var responses = "turn,choice\n"
        for (index, answer) in answers.enumerated() {
            responses += "\(index + 1),\(answer)\n"
        }
        try Data(responses.utf8).write(to: URL(fileURLWithPath: folder.path("r.csv")))
        let rebuilt = try ShapeTurnsBinary.run([
            "score", "--seed", "9", "--turns", "30", "--responses", folder.path("r.csv"),
        ])
        #expect(rebuilt.stdout.hasPrefix("30 / 30 correct"), "\(rebuilt.stdout)")
    }

    @Test func includedKeysEndTheClassPDFOnALeafOfTheirOwnAndSingleSidedDropsTheBlankPages() throws {
        var options = Self.options()
        options.answerKey = .included
        let doubleSided = try ClassWorksheetGenerator(options: options, roster: Self.roster)
        #expect(doubleSided.sheets.allSatisfy { $0.layout.answerPageCount == 0 }, "no student's sheet holds a key")
        let starts = doubleSided.firstPages
        #expect(starts.count == Self.roster.students.count + 1)
        #expect(starts.allSatisfy { $0 % 2 == 1 }, "\(starts)")

        let folder = try TemporaryFolder()
        let rosterFile = folder.path("roster.txt")
        try Data(Self.roster.students.map(\.name).joined(separator: "\n").utf8).write(
            to: URL(fileURLWithPath: rosterFile))
        let arguments = ["worksheet", "--class", rosterFile, "--turns", "20", "--answer-key", "included", "--quiet"]
        let double = try ShapeTurnsBinary.run(arguments + ["--out", folder.path("double.pdf")])
        #expect(double.status == 0, "\(double.stderr)")
        // 6 students of 3 pages, each padded to 4, then the key: 24 + 1 pages.
        #expect(try Poppler.pageCount(folder.path("double.pdf")) == 25)
        for student in 0..<6 {
            let text = try Poppler.text(folder.path("double.pdf"), pages: (student * 4 + 1)...(student * 4 + 4))
            #expect(!text.contains("Answer key"), "student \(student + 1)'s leaves hold no key")
        }
        #expect(try Poppler.text(folder.path("double.pdf"), pages: 25...25).contains("Answer keys"))

        let single = try ShapeTurnsBinary.run(arguments + ["--single-sided", "--out", folder.path("single.pdf")])
        #expect(single.status == 0, "\(single.stderr)")
        #expect(try Poppler.pageCount(folder.path("single.pdf")) == 19)

        let split = try ShapeTurnsBinary.run(arguments + ["--split-files", "--out", folder.path("s/c.pdf")])
        #expect(split.status == 64)
        #expect(split.stderr.contains("--answer-key included"), "\(split.stderr)")
    }

    @Test func writingAClassAgainReplacesItsWholeSetOfFiles() throws {
        let folder = try TemporaryFolder()
        func write(_ names: [String], split: Bool) throws {
            let rosterFile = folder.path("roster.txt")
            try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: rosterFile))
            let result = try ShapeTurnsBinary.run(
                ["worksheet", "--class", rosterFile, "--turns", "4", "--quiet", "--out", folder.path("out/class.pdf")]
                    + (split ? ["--split-files"] : []))
            #expect(result.status == 0, "\(result.stderr)")
        }
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).sorted()
        }
        try write(["Ana Lima", "Bo Chen", "Cy Dee"], split: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.path("out/class-09-mine.pdf")))
        #expect(
            try files() == [
                ".shapeturns-files", "class-01-ana-lima.pdf", "class-02-bo-chen.pdf", "class-03-cy-dee.pdf",
                "class-09-mine.pdf", "class-key.pdf",
            ])
        try write(["Dana Eze", "Eli Fox"], split: true)
        #expect(
            try files() == [
                ".shapeturns-files", "class-01-dana-eze.pdf", "class-02-eli-fox.pdf", "class-09-mine.pdf",
                "class-key.pdf",
            ])
        try write(["Dana Eze", "Eli Fox"], split: false)
        #expect(try files() == [".shapeturns-files", "class-09-mine.pdf", "class-key.pdf", "class.pdf"])
        let record = try String(contentsOfFile: folder.path("out/.shapeturns-files"), encoding: .utf8)
        #expect(!record.contains("dana-eze"), "\(record)")
    }
}
