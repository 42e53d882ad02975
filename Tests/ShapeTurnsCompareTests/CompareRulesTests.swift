import Foundation
import PixelDiff
import Testing

@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore

/// A rules file gives images matched by a glob their own threshold, anti-aliasing, tolerance
/// and ignore regions; the verdict names the rule, and a file that is not a rules file is
/// refused with one line and status 65 before anything is compared.
@Suite("Per-image comparison rules")
struct CompareRulesTests {
    @Test(arguments: [
        ("*.png", "a.png", true), ("*.png", "dark/a.png", false), ("**/*.png", "a.png", true),
        ("**/*.png", "dark/deep/a.png", true), ("dark/**", "dark/deep/a.png", true), ("dark/**", "darker/a.png", false),
        ("dark/*.png", "dark/a.png", true), ("dark/*.png", "dark/deep/a.png", false),
        ("icon-?.png", "icon-7.png", true),
        ("icon-?.png", "icon-77.png", false), ("?", "/", false), ("**/clock-*.png", "x/y/clock-12.png", true),
        ("a.png", "a.png", true), ("a.png", "b/a.png", false), ("*ü*", "dark mode/star ü.png", false),
        ("**ü*", "dark mode/star ü.png", true), ("**/", "a/", true), ("**/", "a", false), ("a/**/b", "a/b", true),
        ("a/**/b", "a/x/y/b", true), ("a/**/b", "ab", false), ("*", "", true), ("?", "", false), ("**", "", true),
        ("a**b", "a/x/b", true), ("a*b", "a/b", false), ("**/**/x", "x", true), ("[a]", "[a]", true),
    ])
    func aGlobMatchesWholePaths(pattern: String, path: String, matches: Bool) {
        #expect(PathGlob(pattern).matches(path) == matches)
    }

    /// A glob of many stars against a long path that does not match: a backtracking matcher
    /// takes time exponential in the stars; this one answers at once, and never recurses.
    @Test func aGlobOfManyStarsDoesNotBacktrack() {
        let pattern = String(repeating: "*a", count: 500)
        #expect(pattern.count == 1000)
        #expect(!PathGlob(pattern).matches(String(repeating: "a", count: 499) + "b"))
        #expect(PathGlob(pattern).matches(String(repeating: "a", count: 4000)))
        #expect(
            PathGlob(String(repeating: "**/", count: 300) + "x").matches(String(repeating: "d/", count: 1500) + "x"))
    }

    /// Two folders with `charts/line.png` and `icons/star.png` each changed in 3 pixels.
    static func folders() throws -> (root: URL, expected: URL, actual: URL) {
        let root = try FileAndFolderComparisonTests.scratch()
        let expected = root.appendingPathComponent("expected")
        let actual = root.appendingPathComponent("actual")
        for path in ["charts/line.png", "icons/star.png"] {
            try FileAndFolderComparisonTests.write(try FileAndFolderComparisonTests.png(), path, in: expected)
            try FileAndFolderComparisonTests.write(
                try FileAndFolderComparisonTests.png(marked: [17, 18, 19]), path, in: actual)
        }
        return (root, expected, actual)
    }

    static func compare(_ rules: String, named name: String = "rules.json") throws -> [String: ImageOutcome] {
        let (root, expected, actual) = try folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(name)
        try Data(rules.utf8).write(to: file)
        let base = try ImageFileComparer()
        let comparer = try FolderComparer(
            comparer: base, jobs: 2, rules: try CompareRules.load(file.path, over: base))
        let report = try comparer.compare(expectedFolder: expected.path, actualFolder: actual.path)
        return Dictionary(uniqueKeysWithValues: report.images.map { ($0.path, $0) })
    }

    @Test(arguments: [
        #"{"rules": [{"match": "charts/**", "maxDiffPixels": 3}]}"#,
        #"{"rules": [{"match": "charts/*.png", "maxDiffRatio": 0.012}]}"#,
        #"{"rules": [{"match": "charts/line.png", "ignore": ["1,1,3,1"]}]}"#,
        #"{"rules": [{"match": "**/line.png", "threshold": 1}, {"match": "**", "maxDiffPixels": 0}]}"#,
    ])
    func theFirstMatchingRuleDecidesAndIsNamed(rules: String) throws {
        let outcomes = try Self.compare(rules)
        let chart = try #require(outcomes["charts/line.png"])
        #expect(chart.status == .passed, "\(chart.reason)")
        #expect(chart.reason.contains("; rule 1 (") && chart.reason.hasSuffix(")"), "\(chart.reason)")
        let star = try #require(outcomes["icons/star.png"])
        #expect(star.status == .changed)
        #expect(star.differentPixels == 3)
        let secondRule = rules.contains(#""match": "**""#)
        #expect(star.reason.contains("; rule 2 (**)") == secondRule, "\(star.reason)")
        #expect(star.reason.contains("rule 1") == false)
    }

    /// The counts under a rule are the command's with the rule's options: a threshold of 1
    /// counts nothing, an ignore region over the changed pixels leaves none.
    @Test func aRulesOptionsChangeTheCountNotOnlyTheVerdict() throws {
        let ignored = try Self.compare(#"{"rules": [{"match": "charts/**", "ignore": ["0,0,16,2"]}]}"#)
        #expect(ignored["charts/line.png"]?.differentPixels == 0)
        let lenient = try Self.compare(#"{"rules": [{"match": "charts/**", "maxDiffPixels": 3}]}"#)
        #expect(lenient["charts/line.png"]?.differentPixels == 3)
    }

    @Test(arguments: [
        ("not json at all", "not JSON"),
        (#"{"rules": [{"match": "a", "treshold": 0.2}]}"#, #"unknown key "treshold""#),
        (#"{"rule": []}"#, #"unknown key "rule""#),
        (#"{"rules": [{"match": "a", "threshold": "0.2"}]}"#, "rules[0].threshold: must be a number"),
        (#"{"rules": [{"match": "a", "threshold": 2}]}"#, "threshold"),
        (#"{"rules": [{"match": "a", "maxDiffPixels": -1}]}"#, "maxDifferentPixels"),
        (#"{"rules": [{"match": "a", "includeAA": 1}]}"#, "rules[0].includeAA: must be true or false"),
        (#"{"rules": [{"match": "a", "ignore": ["1,2,3"]}]}"#, "ignore: a region is"),
        (#"{"rules": [{"threshold": 0.1}]}"#, #""match" is missing"#),
        (#"{"rules": [{"match": ""}]}"#, "match: must be a glob"),
        (#"{"rules": [{"match": ""# + String(repeating: "*", count: 1025) + #""}]}"#, "not 1025 characters"),
        ("[1, 2]", "must be an object"),
    ])
    func aFileThatIsNotARulesFileIsBadDataInOneLine(text: String, mentions: String) throws {
        let root = try FileAndFolderComparisonTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("rules.json")
        try Data(text.utf8).write(to: file)
        let error = try #require(throws: ShapeTurnsError.self) {
            try CompareRules.load(file.path, over: try ImageFileComparer())
        }
        #expect(error.exitCode == 65)
        #expect(!error.description.contains("\n"), "\(error.description)")
        #expect(error.description.hasPrefix(file.path), "\(error.description)")
        #expect(error.description.contains(mentions), "\(error.description)")
    }

    @Test func aRulesFileLargerThanItsBoundIsRefused() throws {
        let root = try FileAndFolderComparisonTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("rules.json")
        try Data(repeating: UInt8(ascii: " "), count: CompareRules.byteLimit + 1).write(to: file)
        let error = try #require(throws: ShapeTurnsError.self) {
            try CompareRules.load(file.path, over: try ImageFileComparer())
        }
        #expect(error.exitCode == 65)
    }

    @Test func theExpectedFoldersRulesFileIsFoundByItsName() throws {
        let (root, expected, _) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try ImageFileComparer()
        #expect(try CompareRules.loadDefault(inExpectedFolder: expected.path, over: base) == nil)
        try Data(#"{"rules": [{"match": "**", "threshold": 0.3}]}"#.utf8)
            .write(to: expected.appendingPathComponent(CompareRules.defaultFileName))
        let rules = try #require(try CompareRules.loadDefault(inExpectedFolder: expected.path, over: base))
        #expect(rules.rules.map(\.comparer.options.threshold) == [0.3])
    }
}
