import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurns
import Testing

/// A class's worksheets as the scanner meets them: printed by `shapeturns worksheet --class` to
/// `class.pdf` (10 turns a sheet, two pages), each page rasterised by poppler at 150 dpi as a
/// copier would, and ticked with a pen stroke in the boxes `ticks` names: `scan-1.png`, ...
struct TickedClass {
    static let turns = 10
    static let pagesPerSheet = 2

    let folder: TemporaryFolder
    let key: ScoringKey
    /// `scan-N.png` for each page N of `class.pdf`, in order.
    let scans: [String]

    /// `ticks(student, turn, larger)` names the boxes ticked on a turn of a sheet (student from 0).
    init(
        roster: [String], seed: Int = 7, in folder: TemporaryFolder? = nil,
        ticks: (Int, Int, ShapeLabel) -> [ShapeLabel]
    ) throws {
        let folder = try folder ?? TemporaryFolder()
        self.folder = folder
        try (roster.joined(separator: "\n") + "\n").write(
            toFile: folder.path("roster.txt"), atomically: true, encoding: .utf8)
        let made = try ShapeTurnsBinary.run(
            [
                "worksheet", "--class", "roster.txt", "--turns", String(Self.turns), "--seed", String(seed),
                "--answer-key", "separate", "--out", "class.pdf",
            ], in: folder.url)
        try #require(made.status == 0, "\(made.stderr)")
        key = try ScoringKey.load(folder.path("class-key.pdf"))
        let layout = WorksheetLayout(turnCount: Self.turns)
        var scans: [String] = []
        for page in 1...(roster.count * Self.pagesPerSheet) {
            let student = (page - 1) / Self.pagesPerSheet
            let sheet = key.sheets[student]
            let surface = try CairoSurface.readPNG(
                path: try Poppler.rasterise(folder.path("class.pdf"), page: page, dpi: 150, into: folder))
            let context = try CairoContext(surface: surface)
            try context.scale(by: 150.0 / 72)
            for number in layout.pages[(page - 1) % Self.pagesPerSheet].turnNumbers {
                let cell = layout.cell(forTurn: number)
                for label in ticks(student, number, sheet.turns[number - 1].larger) {
                    let box = WorksheetLayout.tickBox(inLabelRow: cell.labelRow(label))
                    try context.stroke(
                        .polyline([
                            Point(x: box.x + 3, y: box.midY), Point(x: box.midX - 1, y: box.maxY - 3),
                            Point(x: box.maxX + 3, y: box.y - 3),
                        ]), with: RGBAColor(red: 0.1, green: 0.1, blue: 0.4), lineWidth: 2.2)
                }
            }
            let name = "scan-\(page).png"
            try Data(try surface.pngBytes()).write(to: URL(fileURLWithPath: folder.path(name)))
            scans.append(name)
        }
        self.scans = scans
    }

    /// Page `page` of `pdf` (in the folder) rasterised at 150 dpi as `name`, with `change` drawn
    /// over it in page points.
    func rasterise(
        _ pdf: String, page: Int, as name: String, change: (CairoContext) throws -> Void = { _ in }
    ) throws {
        let surface = try CairoSurface.readPNG(
            path: try Poppler.rasterise(folder.path(pdf), page: page, dpi: 150, into: folder))
        let context = try CairoContext(surface: surface)
        try context.scale(by: 150.0 / 72)
        try change(context)
        try Data(try surface.pngBytes()).write(to: URL(fileURLWithPath: folder.path(name)))
    }

    /// The files `writeStrangers()` writes.
    static let strangers = ["blank.png", "photo.png", "damaged.png", "again.png", "other.png"]

    /// The class's pages but page 2 of the second sheet.
    var scansButOne: [String] { scans.filter { $0 != "scan-4.png" } }

    /// The other files a pile of scans may hold: `blank.png` (an empty A4 page at 150 dpi),
    /// `photo.png` (a map from the pixelmatch fixtures: a photo of something else),
    /// `damaged.png` (page 3 with its page code inked over), `again.png` (page 2 a second time)
    /// and `other.png` (page 1 of another class's sheets, made with seed 8).
    func writeStrangers() throws {
        let blank = try CairoSurface.opaqueImage(width: 1240, height: 1754)
        try CairoContext(surface: blank).fill(
            .rectangle(Rect(x: 0, y: 0, width: 1240, height: 1754)), with: RGBAColor(red: 1, green: 1, blue: 1))
        try Data(try blank.pngBytes()).write(to: URL(fileURLWithPath: folder.path("blank.png")))
        try FileManager.default.copyItem(
            at: PythonCheck.root.appendingPathComponent("Fixtures/Pixelmatch/4a.png"),
            to: URL(fileURLWithPath: folder.path("photo.png")))
        try rasterise("class.pdf", page: 3, as: "damaged.png") { context in
            for square in ReadBackMarks(paper: .a4).codeSquares {
                try context.fill(.rectangle(square), with: RGBAColor(red: 0, green: 0, blue: 0))
            }
        }
        try FileManager.default.copyItem(atPath: folder.path(scans[1]), toPath: folder.path("again.png"))
        try "Zoe Park\nYann Bell\n".write(toFile: folder.path("other-roster.txt"), atomically: true, encoding: .utf8)
        let other = try ShapeTurnsBinary.run(
            [
                "worksheet", "--class", "other-roster.txt", "--turns", String(Self.turns), "--seed", "8",
                "--answer-key", "separate", "--out", "other.pdf",
            ], in: folder.url)
        try #require(other.status == 0, "\(other.stderr)")
        try rasterise("other.pdf", page: 1, as: "other.png")
    }
}
