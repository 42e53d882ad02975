import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurns
import Testing

/// `shapeturns scan` end to end: a class printed to PDF, its pages rasterised by poppler as a
/// scanner would see them, ticked, and read back into the gradebook.
@Suite struct ScanCommandTests {
    /// Student 1 ticks every right answer, student 2 every wrong one, student 3 ticks both boxes
    /// of turn 3; a page is scanned twice and a photo of something else is mixed in.
    @Test func readsTickedPagesIntoTheGradebookScoreWrites() throws {
        let folder = try TemporaryFolder()
        try "Ana Lima\nBen Okafor\nCara Diaz\n".write(
            toFile: folder.path("roster.txt"), atomically: true, encoding: .utf8)
        let made = try ShapeTurnsBinary.run(
            [
                "worksheet", "--class", "roster.txt", "--turns", "10", "--seed", "7", "--answer-key", "separate",
                "--out", "class.pdf",
            ], in: folder.url)
        try #require(made.status == 0, "\(made.stderr)")
        let key = try ScoringKey.load(folder.path("class-key.pdf"))
        let layout = WorksheetLayout(turnCount: 10)
        var scans: [String] = []
        for page in 1...6 {
            let student = (page - 1) / 2
            let sheet = key.sheets[student]
            let png = try Poppler.rasterise(folder.path("class.pdf"), page: page, dpi: 150, into: folder)
            let surface = try CairoSurface.readPNG(path: png)
            let context = try CairoContext(surface: surface)
            try context.scale(by: 150.0 / 72)
            for number in layout.pages[(page - 1) % 2].turnNumbers {
                let cell = layout.cell(forTurn: number)
                let larger = sheet.turns[number - 1].larger
                let boxes = [ShapeLabel.a, .b].map { WorksheetLayout.tickBox(inLabelRow: cell.labelRow($0)) }
                let ticked: [ShapeLabel] =
                    switch student {
                    case 0: [larger]
                    case 1: [larger == .a ? .b : .a]
                    default: number == 3 ? [.a, .b] : [larger]
                    }
                for label in ticked {
                    let box = boxes[label == .a ? 0 : 1]
                    try context.stroke(
                        .polyline([
                            Point(x: box.x + 3, y: box.midY), Point(x: box.midX - 1, y: box.maxY - 3),
                            Point(x: box.maxX + 3, y: box.y - 3),
                        ]), with: RGBAColor(red: 0.1, green: 0.1, blue: 0.4), lineWidth: 2.2)
                }
            }
            let name = folder.path("scan-\(page).png")
            try Data(try surface.pngBytes()).write(to: URL(fileURLWithPath: name))
            scans.append("scan-\(page).png")
        }
        // Page 2 again, and a photo of something else.
        try FileManager.default.copyItem(atPath: folder.path("scan-2.png"), toPath: folder.path("again.png"))
        let noise = try CairoSurface.opaqueImage(width: 600, height: 800)
        let noiseContext = try CairoContext(surface: noise)
        for index in 0..<40 {
            let x = Double(index * 37 % 600)
            try noiseContext.fill(
                .rectangle(Rect(x: x, y: Double(index * 53 % 800), width: 40, height: 30)),
                with: RGBAColor(red: 0.2, green: 0.2, blue: 0.2))
        }
        try Data(try noise.pngBytes()).write(to: URL(fileURLWithPath: folder.path("photo.png")))

        let result = try ShapeTurnsBinary.run(
            ["scan"] + scans + [
                "again.png", "photo.png", "--key", "class-key.pdf", "--csv", "gradebook.csv", "--responses",
                "read.csv", "--review", "review",
            ], in: folder.url)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("again.png: not read: page 2 of sheet"), "\(result.stderr)")
        #expect(result.stderr.contains("photo.png: not read: no ShapeTurns page found"), "\(result.stderr)")
        #expect(result.stderr.contains("Cara Diaz, turn 3: flagged for review: both boxes marked"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 3, "\(result.stderr)")

        // The gradebook is exactly what score --class makes of the responses read.
        let gradebook = try String(contentsOfFile: folder.path("gradebook.csv"), encoding: .utf8)
        let scored = try ShapeTurnsBinary.run(
            ["score", "--key", "class-key.pdf", "--class", "read.csv", "--csv", "scored.csv"], in: folder.url)
        #expect(scored.status == 0, "\(scored.stderr)")
        let rows = gradebook.split(whereSeparator: \.isNewline).map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let again = try String(contentsOfFile: folder.path("scored.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        // Same table but for the name of the responses file, which is not in the CSV's rows.
        #expect(rows == again)
        let correct = try #require(rows.first?.firstIndex(of: "correct"))
        try #require(rows.count >= 4 && rows[1...3].allSatisfy { $0.count > correct }, "\(gradebook)")
        #expect(rows[1][correct] == "10" && rows[2][correct] == "0" && rows[3][correct] == "9", "\(gradebook)")

        let review = try String(contentsOfFile: folder.path("review/index.html"), encoding: .utf8)
        #expect(review.contains("shapeturns scan --review"))
        #expect(review.contains("Cara Diaz: turn 3"))
        #expect(FileManager.default.fileExists(atPath: folder.path("review/images/turn-1.png")))
        #expect(FileManager.default.fileExists(atPath: folder.path("review/images/page-2.png")))
    }

    @Test func refusesMissingScansAndUnknownFormats() throws {
        let folder = try TemporaryFolder()
        let none = try ShapeTurnsBinary.run(["scan", "--seed", "7", "--turns", "8"], in: folder.url)
        #expect(none.status == 64)
        try "not an image".write(toFile: folder.path("notes.txt"), atomically: true, encoding: .utf8)
        try "Ana Lima\nBen Okafor\n".write(toFile: folder.path("roster.txt"), atomically: true, encoding: .utf8)
        let key = ["--seed", "7", "--turns", "8", "--roster", "roster.txt"]
        // A class's scans need the class's sheets: --seed alone would mean one sheet for everyone.
        let noRoster = try ShapeTurnsBinary.run(["scan", "notes.txt", "--seed", "7", "--turns", "8"], in: folder.url)
        #expect(noRoster.status == 64)
        #expect(noRoster.stderr.hasPrefix("shapeturns: --roster: a class's answers need the class's sheets"))
        let junk = try ShapeTurnsBinary.run(["scan", "notes.txt"] + key, in: folder.url)
        #expect(junk.status == 65, "\(junk.stderr)")
        #expect(junk.stderr.contains("not a PDF, TIFF, JPEG or PNG scan"), "\(junk.stderr)")
        let missing = try ShapeTurnsBinary.run(["scan", "nothing.pdf"] + key, in: folder.url)
        #expect(missing.status == 66, "\(missing.stderr)")
    }
}
