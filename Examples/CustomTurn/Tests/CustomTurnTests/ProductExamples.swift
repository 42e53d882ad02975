import Foundation
import PixelDiff
import ShapeGame
import ShapeRenderingSnapshotTesting
import ShapeTurns
import SnapshotTesting
import Testing

// One short example per library product; the README shows them.

@Test func shapeGameScoresATurn() {
    // snippet.shapegame
    let turn = Turn(number: 1, shapeA: SquareShape(proportion: 0.5), shapeB: CircleShape(proportion: 0.6))
    var scoreboard = Scoreboard() // the tutorial's scorer chain: MatchScorer, then StreakScorer
    let scored = scoreboard.record(turn, choice: .b)
    // turn.larger == .b (0.283 against 0.25), scored.matched, scoreboard.score == 1
    // snippet.end
    #expect(turn.larger == .b && scored.matched && scoreboard.score == 1)
}

@Test func shapeRenderingDrawsAShape() throws {
    // snippet.shaperendering
    let view = try ShapeViewBuilder().buildView(for: StarShape(proportion: 0.8))
    let png: [UInt8] = try ShapeImageRenderer(canvasSide: 128).render(view, as: .png)
    // snippet.end
    #expect(try RGBAImage(pngBytes: png).width == 128)
}

@Test func pixelDiffCountsDifferingPixels() throws {
    let renderer = ShapeImageRenderer(canvasSide: 64)
    let expectedPNG = try renderer.render(try ShapeViewBuilder().buildView(for: CircleShape(proportion: 0.5)), as: .png)
    let actualPNG = try renderer.render(try ShapeViewBuilder().buildView(for: CircleShape(proportion: 0.6)), as: .png)
    // snippet.pixeldiff
    let expected = try RGBAImage(pngBytes: expectedPNG)
    let actual = try RGBAImage(pngBytes: actualPNG)
    let result = try ImageComparison(options: PixelmatchOptions(threshold: 0.1)).compare(expected, actual)
    // result.differentPixels, result.differentRatio, result.antiAliasedPixels
    // snippet.end
    #expect(result.differentPixels > 0 && result.sizesMatch)
}

@Test func shapeTurnsWritesASet() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("product-example-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // snippet.shapeturns
    var options = GenerateOptions() // the defaults of `shapeturns generate`
    options.turns = 20
    options.seed = 7
    options.shapes = [.square, .circle, .hexagon]
    _ = try SetGenerator(options: options).generate(into: folder)
    let key: [TurnAnswer] = try AnswerKeyReader(setFolder: folder).read() // answers.jsonl
    // snippet.end
    #expect(key.count == 20)
}

@Test func shapeTurnsNamesThePropertyAtFault() {
    // snippet.shapeturns-error
    var options = GenerateOptions()
    options.turns = 0
    do {
        try options.validate()
    } catch {
        print(error) // turns: must be 1 to 10000000 (got 0)
    }
    // snippet.end
    #expect(throws: ShapeTurnsError.invalidOption("turns", reason: "must be 1 to 10000000 (got 0)")) {
        try options.validate()
    }
}

@Test func shapeRenderingSnapshotTestingSnapshotsASurface() throws {
    // snippet.surface-snapshot
    let view = try ShapeViewBuilder().buildView(for: HexagonShape(proportion: 0.7))
    assertSnapshot(of: try ShapeImageRenderer(canvasSide: 96).renderImage(view), as: .image)
    // snippet.end
}
