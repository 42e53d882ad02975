import Foundation
import ShapeRendering
import Testing

/// pixelmatch's own test suite at v5.3.0, v7.2.0 and main (Fixtures/Pixelmatch/cases.json),
/// run through `shapeturns compare` as a user would: pixelmatch's options become command-line
/// options, and the count in `--json` and the PNG written by `--diff` must equal pixelmatch's.
@Suite("shapeturns compare gives pixelmatch's counts and diff images")
struct CompareParityTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Pixelmatch")

    struct Cases: Decodable {
        struct Version: Decodable {
            let version: String
            let checkerboard: Bool
            let metric: String
            let cases: [Case]
        }

        struct Case: Decodable {
            let expected: String
            let actual: String
            let diff: String
            let options: [String: Option]
            let differentPixels: Int
        }

        /// A value in test.js's options: a number, a flag or a colour.
        enum Option: Decodable {
            case number(Double)
            case flag(Bool)
            case color([Int])

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) {
                    self = .flag(flag)
                } else if let color = try? container.decode([Int].self) {
                    self = .color(color)
                } else {
                    self = .number(try container.decode(Double.self))
                }
            }
        }

        let versions: [Version]
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let version: String
        let expected: String
        let actual: String
        let diff: String
        let arguments: [String]
        let differentPixels: Int
        var testDescription: String { "\(version): \(expected) vs \(actual) \(arguments.joined(separator: " "))" }
    }

    /// The command-line option for each of pixelmatch's options.
    static let optionNames = [
        "threshold": "--threshold", "alpha": "--alpha", "aaColor": "--aa-color", "diffColor": "--diff-color",
        "diffColorAlt": "--diff-color-alt", "includeAA": "--include-aa", "diffMask": "--diff-mask",
    ]

    static let examples: [Example] = {
        let file = fixtures.appendingPathComponent("cases.json")
        guard let data = try? Data(contentsOf: file), let cases = try? JSONDecoder().decode(Cases.self, from: data)
        else {
            return []
        }
        return cases.versions.flatMap { version in
            version.cases.map { testCase in
                var arguments = ["--metric", version.metric] + (version.checkerboard ? [] : ["--no-checkerboard"])
                for (name, value) in testCase.options.sorted(by: { $0.key < $1.key }) {
                    let option = optionNames[name] ?? "--unknown-\(name)"
                    switch value {
                    case .number(let number): arguments += [option, "\(number)"]
                    case .flag(let on): arguments += on ? [option] : []
                    case .color(let channels): arguments += [option, channels.map(String.init).joined(separator: ",")]
                    }
                }
                return Example(
                    version: version.version, expected: testCase.expected, actual: testCase.actual, diff: testCase.diff,
                    arguments: arguments, differentPixels: testCase.differentPixels
                )
            }
        }
    }()

    static func image(at url: URL) throws -> RGBAImage {
        try RGBAImage(pngBytes: [UInt8](Data(contentsOf: url)))
    }

    @Test func everyCaseIsHere() {
        #expect(Self.examples.count == 34)
        #expect(Self.pythonCounts.count == 15 * 3 * 2)
    }

    @Test(arguments: examples)
    func countAndDiffImageEqualPixelmatchs(example: Example) throws {
        let folder = try TemporaryFolder()
        let diffPath = folder.path("diff.png")
        let result = try ShapeTurnsBinary.run(
            [
                "compare", Self.fixtures.appendingPathComponent(example.expected + ".png").path,
                Self.fixtures.appendingPathComponent(example.actual + ".png").path, "--json", "--diff", diffPath,
            ]
                + example.arguments
        )
        #expect(result.status == (example.differentPixels == 0 ? 0 : 1), "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let report = try #require(object as? [String: Any])
        #expect(report["differentPixels"] as? Int == example.differentPixels)

        let diff = try Self.image(at: URL(fileURLWithPath: diffPath))
        let pixelmatchDiff = try Self.image(at: Self.fixtures.appendingPathComponent(example.diff))
        try #require(diff.width == pixelmatchDiff.width && diff.height == pixelmatchDiff.height)
        let mismatches = diff.pixels.indices.filter { diff.pixels[$0] != pixelmatchDiff.pixels[$0] }
        #expect(mismatches.isEmpty, "\(mismatches.count) pixels differ from \(example.diff)")
    }

    /// A count pixelmatch-py 0.4.0 (pixelmatch 5's rule) gives for a Fixtures/Compare pair.
    struct PythonCount: Sendable, CustomTestStringConvertible {
        let expected: String
        let actual: String
        let threshold: Double
        let includeAA: Bool
        let differentPixels: Int
        var testDescription: String { "\(expected) at \(threshold)\(includeAA ? " --include-aa" : "")" }
    }

    static let pythonCounts: [PythonCount] = {
        struct Expectations: Decodable {
            struct Pair: Decodable {
                struct Count: Decodable {
                    let threshold: Double
                    let includeAA: Bool
                    let differentPixels: Int
                }

                let expected: String
                let actual: String
                let counts: [Count]
            }

            let pairs: [Pair]
        }
        let file = fixtures.deletingLastPathComponent().appendingPathComponent("Compare/expected-counts.json")
        guard let data = try? Data(contentsOf: file),
            let expectations = try? JSONDecoder().decode(Expectations.self, from: data)
        else {
            return []
        }
        return expectations.pairs.flatMap { pair in
            pair.counts.filter { [0, 0.05, 0.1].contains($0.threshold) }.map {
                PythonCount(
                    expected: pair.expected, actual: pair.actual, threshold: $0.threshold, includeAA: $0.includeAA,
                    differentPixels: $0.differentPixels
                )
            }
        }
    }()

    /// With --no-checkerboard the command counts as pixelmatch 5 (here pixelmatch-py) does,
    /// transparency included.
    @Test(arguments: pythonCounts)
    func noCheckerboardCountsAsPixelmatchPy(count: PythonCount) throws {
        let compare = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Compare")
        let result = try ShapeTurnsBinary.run(
            [
                "compare", compare.appendingPathComponent(count.expected).path,
                compare.appendingPathComponent(count.actual).path,
                "--json", "--no-checkerboard", "--threshold", "\(count.threshold)",
            ] + (count.includeAA ? ["--include-aa"] : [])
        )
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["differentPixels"] as? Int == count.differentPixels)
    }

    @Test func theReportSaysWhichRuleCounted() throws {
        let a = Self.fixtures.appendingPathComponent("5a.png").path
        let b = Self.fixtures.appendingPathComponent("5b.png").path
        let seven = try ShapeTurnsBinary.run(["compare", a, b, "--json", "--threshold", "0.05"])
        let five = try ShapeTurnsBinary.run(["compare", a, b, "--json", "--threshold", "0.05", "--no-checkerboard"])
        let reports = try [seven, five].map {
            try #require(JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any])
        }
        #expect(reports[0]["checkerboard"] as? Bool == true && reports[0]["metric"] as? String == "yiq")
        #expect(reports[1]["checkerboard"] as? Bool == false)
        #expect(reports.map { $0["differentPixels"] as? Int } == [6, 0])
    }
}
