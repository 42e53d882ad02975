import Foundation
import ShapeRendering
import Testing

/// Compares rendered output with a golden file in `Fixtures/Snapshots`, named after the case,
/// as cairo's own test suite does.
///
/// - PNG: a pixel differs when any premultiplied ARGB channel differs by more than
///   `channelTolerance` (2 of 255, room for rounding in another Cairo build); a snapshot passes
///   with no differing pixel. On failure the actual image and a diff image (differences red,
///   the rest faded) are written to `.build/snapshot-failures/` and the issue gives the count.
/// - SVG: the document must equal the golden byte for byte.
///
/// `SNAPSHOT_TESTING_RECORD=all` re-records every golden (and fails, so a recording run is never
/// mistaken for a pass); a missing golden is recorded and fails the same way.
enum ImageSnapshot {
    static let channelTolerance: UInt32 = 2

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = packageRoot.appendingPathComponent("Fixtures/Snapshots")
    static let failures = packageRoot.appendingPathComponent(".build/snapshot-failures")

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all"
    }

    static func assertPNG(_ surface: CairoSurface, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = goldens.appendingPathComponent("\(name).png")
        if isRecording || !FileManager.default.fileExists(atPath: golden.path) {
            try Data(surface.pngBytes()).write(to: golden)
            Issue.record("Recorded \(golden.path); look at it, then run again without recording.", sourceLocation: sourceLocation)
            return
        }
        let expected = try CairoSurface.readPNG(path: golden.path)
        guard expected.width == surface.width, expected.height == surface.height else {
            try writeFailure(name: name, actual: surface, diff: nil)
            Issue.record(
                "\(name): size \(surface.width)x\(surface.height) differs from the golden's \(expected.width)x\(expected.height)",
                sourceLocation: sourceLocation
            )
            return
        }
        let expectedPixels = try expected.argbPixels()
        let actualPixels = try surface.argbPixels()
        var diffPixels = [UInt32]()
        diffPixels.reserveCapacity(actualPixels.count)
        var differing = 0
        for (old, new) in zip(expectedPixels, actualPixels) {
            if channelDistance(old, new) > channelTolerance {
                differing += 1
                diffPixels.append(0xFFFF_0000)
            } else {
                diffPixels.append(faded(old))
            }
        }
        if differing > 0 {
            let diff = try CairoSurface.image(width: surface.width, height: surface.height, argbPixels: diffPixels)
            let written = try writeFailure(name: name, actual: surface, diff: diff)
            Issue.record(
                "\(name): \(differing) of \(actualPixels.count) pixels differ from \(golden.path) by more than \(channelTolerance)/255; see \(written)",
                sourceLocation: sourceLocation
            )
        }
    }

    static func assertSVG(_ bytes: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = goldens.appendingPathComponent("\(name).svg")
        if isRecording || !FileManager.default.fileExists(atPath: golden.path) {
            try Data(bytes).write(to: golden)
            Issue.record("Recorded \(golden.path); look at it, then run again without recording.", sourceLocation: sourceLocation)
            return
        }
        let expected = try [UInt8](Data(contentsOf: golden))
        if expected != bytes {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            let actual = failures.appendingPathComponent("\(name).actual.svg")
            try Data(bytes).write(to: actual)
            Issue.record("\(name): SVG differs from \(golden.path); actual written to \(actual.path)", sourceLocation: sourceLocation)
        }
    }

    /// The largest difference between two premultiplied ARGB pixels in any channel.
    static func channelDistance(_ first: UInt32, _ second: UInt32) -> UInt32 {
        stride(from: 0, to: 32, by: 8).map { shift -> UInt32 in
            let a = (first >> UInt32(shift)) & 0xFF
            let b = (second >> UInt32(shift)) & 0xFF
            return a > b ? a - b : b - a
        }.max() ?? 0
    }

    /// An unchanged pixel shown as a pale grey so the red differences stand out.
    private static func faded(_ pixel: UInt32) -> UInt32 {
        let alpha = (pixel >> 24) & 0xFF
        let grey = 255 - alpha / 4
        return 0xFF00_0000 | grey << 16 | grey << 8 | grey
    }

    @discardableResult
    private static func writeFailure(name: String, actual: CairoSurface, diff: CairoSurface?) throws -> String {
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualFile = failures.appendingPathComponent("\(name).actual.png")
        try Data(actual.pngBytes()).write(to: actualFile)
        guard let diff else { return actualFile.path }
        let diffFile = failures.appendingPathComponent("\(name).diff.png")
        try Data(diff.pngBytes()).write(to: diffFile)
        return "\(actualFile.path) and \(diffFile.path)"
    }
}
