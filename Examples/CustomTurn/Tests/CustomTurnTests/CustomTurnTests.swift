import CustomTurn
import Foundation
import ShapeTurns
import Testing

@Test func theHexagonIsLargerAndItsInkSaysSo() throws {
    let custom = CustomTurn()
    // Triangle: √3/4 · 0.7² ≈ 0.212; hexagon: 3√3/8 · 0.6² ≈ 0.234.
    #expect(custom.turn.larger == .b)
    #expect(abs(custom.turn.areaRatio - (3 * 3.0.squareRoot() / 8 * 0.36) / (3.0.squareRoot() / 4 * 0.49)) < 1e-12)

    let images = try custom.renderPNGs(side: 256)
    let a = try RGBAImage(pngBytes: images.a)
    let b = try RGBAImage(pngBytes: images.b)
    #expect(a.width == 256 && b.height == 256)
    // On a white canvas, the pixels that are not white are the shape: their share of the canvas
    // is the shape's area, so B has more of them, in about the ratio of the areas.
    func ink(_ image: RGBAImage) -> Double {
        Double(image.pixels.filter { $0 != 0xFFFF_FFFF }.count) / Double(image.pixelCount)
    }
    #expect(abs(ink(a) - custom.turn.shapeA.area) < 0.01)
    #expect(abs(ink(b) / ink(a) - custom.turn.areaRatio) < 0.03)
}

@Test func aGeneratedSetsKeyIsBalanced() throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("custom-turn-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try generateSampleSet(into: folder, turns: 20)
    let summary = try AnswerKeySummary(setFolder: folder)
    // Answers are balanced in blocks of ten: 20 turns hold ten of each.
    #expect(summary.largerA == 10 && summary.largerB == 10)
    #expect(summary.hardestRatio >= 1.1)
}
