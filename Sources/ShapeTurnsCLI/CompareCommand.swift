import ArgumentParser
import Foundation
import ShapeRendering
import ShapeTurns

/// `shapeturns compare`: compares two PNGs with pixelmatch's semantics.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG images pixel by pixel, as pixelmatch 7.2.0 does.",
        discussion: """
            A pixel differs when its colours are further apart than --threshold (YIQ distance, \
            semi-transparent pixels blended onto a checkerboard) and it is not anti-aliasing. \
            Counts and diff images equal pixelmatch 7.2.0's; --no-checkerboard gives pixelmatch \
            5 and 6's (semi-transparent pixels blended onto white), --metric oklab pixelmatch \
            main's. docs/pixelmatch.md says more. Exit status: 0 when the images match within \
            the tolerance, 1 when they differ (different sizes included), 64 for a bad option, \
            65 for a file that is not a usable PNG, 66 for a missing file, 73 when the diff image \
            cannot be written.

            Examples:
              shapeturns compare expected.png actual.png
              shapeturns compare expected.png actual.png --diff diff.png --threshold 0.05
              shapeturns compare expected.png actual.png --max-diff-ratio 0.001 --json
              shapeturns compare old.png new.png --diff diff.png --diff-color-alt 0,160,0
              shapeturns compare expected.png actual.png --diff mask.png --diff-mask
              shapeturns compare expected.png actual.png --metric oklab --no-checkerboard
            """
    )

    @Argument(help: ArgumentHelp("The reference image.", valueName: "expected.png"))
    var expected: String

    @Argument(help: ArgumentHelp("The image to check against it.", valueName: "actual.png"))
    var actual: String

    @Option(help: ArgumentHelp("Colour distance still counted as the same, 0 to 1 (0 is strictest; 1 is black to white).", valueName: "t"))
    var threshold = PixelmatchOptions().threshold

    @Option(help: ArgumentHelp(
        "Colour distance: yiq (pixelmatch's releases) or oklab (pixelmatch main's HyAB distance in OKLab, which tells apart saturated colours of similar brightness).",
        valueName: "yiq|oklab"
    ))
    var metric = ColorMetric.yiq

    @Flag(
        inversion: .prefixedNo,
        help: "Blend semi-transparent pixels onto a checkerboard before comparing (pixelmatch 7); --no-checkerboard blends them onto white, as pixelmatch 5 and 6 did."
    )
    var checkerboard = true

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences too.")
    var includeAntiAliased = false

    @Option(help: ArgumentHelp("Write a diff image: differences red, anti-aliasing yellow, the rest faded grey.", valueName: "diff.png"))
    var diff: String?

    @Option(help: ArgumentHelp("Opacity of the expected image in the diff image's faded background, 0 to 1.", valueName: "a"))
    var alpha = PixelmatchOptions().diffAlpha

    @Option(name: .customLong("diff-color"), help: ArgumentHelp("Diff image colour of differing pixels (default 255,0,0).", valueName: "r,g,b"))
    var diffColor: String?

    @Option(
        name: .customLong("diff-color-alt"),
        help: ArgumentHelp(
            "Diff image colour of differences where the actual image is darker, to tell what was added from what was removed (default: --diff-color).",
            valueName: "r,g,b"
        )
    )
    var diffColorAlt: String?

    @Option(name: .customLong("aa-color"), help: ArgumentHelp("Diff image colour of anti-aliased pixels not counted (default 255,255,0).", valueName: "r,g,b"))
    var aaColor: String?

    @Flag(name: .customLong("diff-mask"), help: "Draw only the differences in the diff image, over transparency.")
    var diffMask = false

    @Option(help: ArgumentHelp("Pass with at most this many differing pixels (default 0).", valueName: "n"))
    var maxDiffPixels: Int?

    @Option(help: ArgumentHelp("Pass with at most this fraction of pixels differing, 0 to 1.", valueName: "r"))
    var maxDiffRatio: Double?

    @Flag(help: "Print the result as JSON (differentPixels, totalPixels, match, ...).")
    var json = false

    func validate() throws {
        do {
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
        let defaults = PixelmatchOptions()
        let options = PixelmatchOptions(
            threshold: threshold,
            includeAntiAliased: includeAntiAliased,
            diffAlpha: alpha,
            differenceColor: try ColorArgument.parse(diffColor, option: "--diff-color") ?? defaults.differenceColor,
            antiAliasedColor: try ColorArgument.parse(aaColor, option: "--aa-color") ?? defaults.antiAliasedColor,
            darkerDifferenceColor: try ColorArgument.parse(diffColorAlt, option: "--diff-color-alt"),
            diffMask: diffMask,
            checkerboard: checkerboard,
            metric: metric
        )
        return try ImageFileComparer(
            options: options,
            tolerance: ComparisonTolerance(maxDifferentPixels: maxDiffPixels, maxDifferentRatio: maxDiffRatio)
        )
    }
}

extension ColorMetric: ExpressibleByArgument {}
