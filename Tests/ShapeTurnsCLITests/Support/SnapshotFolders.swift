import Foundation
import Testing

/// Two folders of images as a snapshot suite leaves them, built from Fixtures/Compare: every
/// status, nested paths with spaces and non-ASCII names, a resized, a truncated and a non-PNG
/// image. `expectations` says what pixelmatch (Fixtures/Compare/expected-counts.json, counted by
/// pixelmatch itself) makes of each at the default options.
struct SnapshotFolders {
    struct Expectation {
        let status: String
        /// pixelmatch's count, when the pair can be compared pixel by pixel.
        let differentPixels: Int?
    }

    let folder: TemporaryFolder
    let expected: String
    let actual: String
    private(set) var expectations: [String: Expectation] = [:]

    /// pixelmatch's count for a fixture pair at threshold 0.1 without anti-aliasing.
    static func pixelmatchCount(_ name: String) throws -> Int {
        let data = try Data(contentsOf: CompareCommandTests.fixtures.appendingPathComponent("expected-counts.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pairs = try #require(document["pairs"] as? [[String: Any]])
        let pair = try #require(pairs.first { $0["name"] as? String == name })
        let counts = try #require(pair["counts"] as? [[String: Any]])
        let count = try #require(
            counts.first { $0["threshold"] as? Double == 0.1 && $0["includeAA"] as? Bool == false })
        return try #require(count["differentPixels"] as? Int)
    }

    init(corrupt: Bool = true) throws {
        folder = try TemporaryFolder()
        expected = folder.path("expected snapshots")
        actual = folder.path("actual snapshots")
        for pair in ["circle-shift", "noise-dense", "flat-shade", "palette-trns", "shade-steps"] {
            let count = try Self.pixelmatchCount(pair)
            try add(
                "ordner ä/sub dir/\(pair) ü.png", expected: "\(pair)-a.png", actual: "\(pair)-b.png",
                Expectation(status: count == 0 ? "passed" : "changed", differentPixels: count))
        }
        try add(
            "same.png", expected: "circle-shift-a.png", actual: "circle-shift-a.png",
            Expectation(status: "passed", differentPixels: 0))
        try add(
            "deep/a/b/c/same twice.png", expected: "flat-marks-a.png", actual: "flat-marks-a.png",
            Expectation(status: "passed", differentPixels: 0))
        try add(
            "resized.png", expected: "noise-dense-a.png", actual: "image-edges-a.png",
            Expectation(status: "changed", differentPixels: nil))
        try add(
            "new/only actual.png", expected: nil, actual: "shade-steps-a.png",
            Expectation(status: "new", differentPixels: 0))
        try add(
            "gone 🙂.png", expected: "shade-steps-b.png", actual: nil, Expectation(status: "missing", differentPixels: 0)
        )
        if corrupt {
            try add(
                "broken/truncated.png", expected: "noise-dense-a.png", actual: nil,
                Expectation(status: "changed", differentPixels: 0))
            let bytes = try Data(contentsOf: CompareCommandTests.fixtures.appendingPathComponent("noise-dense-a.png"))
            try bytes.prefix(80).write(to: URL(fileURLWithPath: actual + "/broken/truncated.png"))
            try add(
                "broken/text ß.png", expected: "flat-marks-a.png", actual: nil,
                Expectation(status: "changed", differentPixels: 0))
            try Data("not a png".utf8).write(to: URL(fileURLWithPath: actual + "/broken/text ß.png"))
            try add(
                "broken/new and broken.png", expected: nil, actual: nil, Expectation(status: "new", differentPixels: 0))
            try Data("not a png either".utf8).write(to: URL(fileURLWithPath: actual + "/broken/new and broken.png"))
        }
        // Not images: ignored.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: expected + "/README.txt"))
    }

    private mutating func add(_ path: String, expected: String?, actual: String?, _ expectation: Expectation) throws {
        for (root, fixture) in [(self.expected, expected), (self.actual, actual)] {
            let target = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let fixture {
                try FileManager.default.copyItem(
                    at: CompareCommandTests.fixtures.appendingPathComponent(fixture), to: target)
            }
        }
        expectations[path] = expectation
    }

    /// Every file under `root` with its bytes.
    static func contents(of root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
        }
        return files
    }
}
