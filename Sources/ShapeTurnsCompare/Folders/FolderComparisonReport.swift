import PixelDiff
import ShapeTurnsCore

/// The outcome of comparing a folder of actual images with a folder of expected ones: the
/// counts per status and every image's verdict, sorted by path. Encoded, it is `--json`'s
/// document: `{"summary": {...}, "images": [...]}`.
package struct FolderComparisonReport: Sendable, Equatable, Codable {
    /// How many images got each status.
    package struct Summary: Sendable, Equatable, Codable {
        package var passed = 0
        package var changed = 0
        package var new = 0
        package var missing = 0
        package var total = 0

        package init(_ images: [ImageOutcome]) {
            for image in images {
                switch image.status {
                case .passed: passed += 1
                case .changed: changed += 1
                case .new: new += 1
                case .missing: missing += 1
                }
            }
            total = images.count
        }
    }

    package let summary: Summary
    /// Every image in either folder, sorted by path (by Unicode code point).
    package let images: [ImageOutcome]

    package init(images: [ImageOutcome]) {
        self.images = images.sorted { FolderComparer.pathOrder($0.path, $1.path) }
        summary = Summary(images)
    }

    /// Whether any image fails the run (`changed`, `missing`, and `new` unless allowed).
    package func fails(allowingNew allowNew: Bool) -> Bool {
        images.contains { $0.status.fails(allowingNew: allowNew) }
    }

    /// The images that fail the run, in path order.
    package func failures(allowingNew allowNew: Bool) -> [ImageOutcome] {
        images.filter { $0.status.fails(allowingNew: allowNew) }
    }

    /// One line for a person: `12 images: 9 passed, 1 changed, 1 new, 1 missing`.
    package var summaryLine: String {
        "\(summary.total) images: \(summary.passed) passed, \(summary.changed) changed, "
            + "\(summary.new) new, \(summary.missing) missing"
    }
}
