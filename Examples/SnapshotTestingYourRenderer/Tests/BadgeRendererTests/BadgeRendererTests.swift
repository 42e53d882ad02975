import BadgeRenderer
import Foundation
import ShapeTurnsSnapshotTesting
import SnapshotTesting
import Testing

// snippet.badge-snapshot
/// The badge as PNG bytes: `RGBAImage` (from PixelDiff, re-exported by
/// ShapeTurnsSnapshotTesting) encodes straight RGBA losslessly.
func badgePNG(_ renderer: BadgeRenderer = BadgeRenderer(), side: Int = 64) throws -> [UInt8] {
    try RGBAImage(width: side, height: side, pixels: renderer.render(side: side)).pngBytes()
}

@Test func badgeRendersAsBefore() throws {
    // snippet.readme-badge
    let pixels: [UInt32] = BadgeRenderer().render(side: 64) // your renderer's straight RGBA
    let png = try RGBAImage(width: 64, height: 64, pixels: pixels).pngBytes()
    assertSnapshot(of: png, as: .png) // exact: every changed pixel counts and none may differ
    // snippet.end
}

@Test func badgeRendersAsBeforeWithinATolerance() throws {
    // A looser strategy: pixelmatch's rules (threshold 0.1, anti-aliasing not counted), 0.1% of pixels may differ.
    assertSnapshot(of: try badgePNG(), as: .png(threshold: 0.1, includeAntiAliased: false, precision: 0.999))
}
// snippet.end

@Test func aChangedBadgeFailsWithACountAndADiffImage() throws {
    // The reference recorded for `badgeRendersAsBefore`, compared with a badge whose bar is taller.
    let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/BadgeRendererTests/badgeRendersAsBefore.1.png")
    let changed = Data(try badgePNG(BadgeRenderer(barHeight: 0.4)))
    let failure = try #require(
        Diffing<Data>.pngImage().diffV2(try Data(contentsOf: reference), changed),
        "a taller bar must not match the reference"
    )
    #expect(failure.0.contains("pixels differ"))
}

/// The strategies docs/snapshot-testing.md and docs/compare-folders.md show, compiled with the
/// tests so the manual's code compiles as written; never run (each would need a reference).
func strategiesInTheManual(png: [UInt8], pixels: [UInt32], pngData: Data) throws {
    // snippet.strategies
    assertSnapshot(of: png, as: .png) // every changed pixel counts
    assertSnapshot(of: png, as: .png(maxDifferentPixels: 10)) // at most 10 may differ
    // pixelmatch's own rules, any options:
    assertSnapshot(of: png, as: .png(options: PixelmatchOptions(), tolerance: ComparisonTolerance()))
    let image = try RGBAImage(width: 64, height: 64, pixels: pixels) // straight RGBA pixels as an image
    assertSnapshot(of: image, as: .rgbaImage) // stored exactly
    // snippet.end
    // snippet.mask
    var options = PixelmatchOptions()
    options.masks = [MaskRegion(x: 0, y: 0, width: 512, height: 24)]
    assertSnapshot(of: pngData, as: .png(options: options, tolerance: .exact))
    // snippet.end
}
