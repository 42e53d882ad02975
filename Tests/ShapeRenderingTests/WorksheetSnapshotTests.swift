import ShapeGame
import ShapeRendering
import Testing

/// Worksheet pages drawn on images by the same code that draws PDF and SVG pages, at 50 dpi
/// (an A4 page is 413 × 585 pixels), against `Fixtures/Snapshots/worksheet-*.png`.
@Suite("Worksheet pages match their golden images")
struct WorksheetSnapshotTests {
    static let dpi = 50.0

    @Test func firstPageOnA4() throws {
        let renderer = WorksheetFixture.renderer(turns: 10)
        GoldenFile.assert(
            try renderer.renderImage(page: 0, dpi: Self.dpi), as: GoldenFile.image,
            golden: "worksheet-a4-first-page.png")
    }

    @Test func answerKeyPage() throws {
        let renderer = WorksheetFixture.renderer(turns: 10)
        #expect(renderer.layout.pages[2] == .answerKey(1...10))
        GoldenFile.assert(
            try renderer.renderImage(page: 2, dpi: Self.dpi), as: GoldenFile.image,
            golden: "worksheet-a4-answer-key.png")
    }

    @Test func letterThreeByThreeOnTheGamesBlue() throws {
        let renderer = WorksheetFixture.renderer(
            turns: 10, paper: .letter, columns: 3, rows: 3,
            background: .color(RGBAColor(red: 0x7C / 255, green: 0xBB / 255, blue: 0xF2 / 255))
        )
        GoldenFile.assert(
            try renderer.renderImage(page: 0, dpi: Self.dpi), as: GoldenFile.image,
            golden: "worksheet-letter-3x3-on-game-blue.png")
    }
}
