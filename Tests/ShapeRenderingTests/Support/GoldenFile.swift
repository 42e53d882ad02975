import Foundation
import ShapeRendering
import ShapeRenderingSnapshotTesting
import SnapshotTesting
import Testing

/// Asserts a value against a golden file in `Fixtures/Snapshots` with swift-snapshot-testing,
/// keeping the goldens' plain names (`circle-tutorial.png`).
///
/// swift-snapshot-testing names a file `TEST.NAME.EXTENSION`; with the golden's stem as the
/// test name, its extension as the snapshot name and no path extension of its own, that is
/// `circle-tutorial.png`. So a failure reads `Snapshot "png" does not match reference`, then
/// gives the golden's path, the failed image's path (under `$SNAPSHOT_ARTIFACTS` or the
/// temporary folder), the count of differing pixels and the diff image's path.
///
/// Record modes are the library's: `SNAPSHOT_TESTING_RECORD=all` re-records every golden (and
/// fails, so a recording run is never taken for a pass), a missing golden is recorded the same
/// way, `failed` records only the goldens that fail.
enum GoldenFile {
    /// How the PNG goldens are compared. Strict: a change of a few levels passes (room for
    /// rounding in another Cairo build), anything more fails, anti-aliased edges included,
    /// since coverage is the product.
    static var image: Snapshotting<CairoSurface, Data> {
        .image(threshold: 0.01, includeAntiAliased: true)
    }

    static func assert<Value, Format>(
        _ value: @autoclosure () throws -> Value,
        as strategy: Snapshotting<Value, Format>,
        golden file: String,
        filePath: StaticString = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var strategy = strategy
        strategy.pathExtension = nil
        let golden = URL(fileURLWithPath: file)
        let failure = verifySnapshot(
            of: try value(),
            as: strategy,
            named: golden.pathExtension,
            snapshotDirectory: FixturePaths.snapshots.path,
            file: filePath,
            testName: golden.deletingPathExtension().lastPathComponent
        )
        if let failure {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }
}
