import ArgumentParser
import Foundation
import ShapeRendering
import ShapeTurns

/// `shapeturns compare`: compares two PNGs with pixelmatch's semantics.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG images pixel by pixel, as pixelmatch does.",
        discussion: """
            A pixel differs when its colours are further apart than --threshold in YIQ space \
            (semi-transparent pixels blended onto white) and it is not anti-aliasing. Exit status: \
            0 when the images match within the tolerance, 1 when they differ (different sizes \
            included), 64 for a bad option, 65 for a file that is not a usable PNG, 66 for a \
            missing file, 73 when the diff image cannot be written.

            Examples:
              shapeturns compare expected.png actual.png
              shapeturns compare expected.png actual.png --diff diff.png --threshold 0.05
              shapeturns compare expected.png actual.png --max-diff-ratio 0.001 --json
            """
    )

    @Argument(help: ArgumentHelp("The reference image.", valueName: "expected.png"))
    var expected: String

    @Argument(help: ArgumentHelp("The image to check against it.", valueName: "actual.png"))
    var actual: String

    @Option(help: ArgumentHelp("Colour distance still counted as the same, 0 to 1 (0 is strictest).", valueName: "t"))
    var threshold = PixelmatchOptions().threshold

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences too.")
    var includeAntiAliased = false

    @Option(help: ArgumentHelp("Write a diff image: differences red, anti-aliasing yellow, the rest faded grey. Never written over an input, a device or a file ShapeTurns did not write.", valueName: "diff.png"))
    var diff: String?

    @Option(help: ArgumentHelp("Pass with at most this many differing pixels (default 0).", valueName: "n"))
    var maxDiffPixels: Int?

    @Option(help: ArgumentHelp("Pass with at most this fraction of pixels differing, 0 to 1.", valueName: "r"))
    var maxDiffRatio: Double?

    @Flag(help: "Print the result as JSON (differentPixels, totalPixels, match, ...).")
    var json = false

    func validate() throws {
        do {
            if let diff {
                _ = try OutputPolicy(option: "--diff").destination(diff)
            }
            _ = try makeComparer()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let report = try makeComparer().compare(expectedPath: expected, actualPath: actual, diffPath: diff)
        if json {
            print(String(decoding: try AnswerKeyEncoding.document(report), as: UTF8.self), terminator: "")
        } else {
            print(report.summary)
        }
        if !report.match {
            throw ExitCode(1)
        }
    }

    private func makeComparer() throws(ShapeTurnsError) -> ImageFileComparer {
        try ImageFileComparer(
            options: PixelmatchOptions(threshold: threshold, includeAntiAliased: includeAntiAliased),
            tolerance: ComparisonTolerance(maxDifferentPixels: maxDiffPixels, maxDifferentRatio: maxDiffRatio)
        )
    }
}
