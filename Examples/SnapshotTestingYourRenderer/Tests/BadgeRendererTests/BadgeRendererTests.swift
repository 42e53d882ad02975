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
