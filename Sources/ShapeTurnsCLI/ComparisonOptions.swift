import ArgumentParser
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// The options that decide whether two images match and how their diff image is drawn, shared
/// by `compare` (both modes) and `approve` (which approves what `compare` with the same options
/// calls changed).
struct ComparisonOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Colour distance still counted as the same, 0 to 1 (0 is strictest; 1 is black to white).", valueName: "t")
    )
    var threshold = PixelmatchOptions().threshold

    @Option(
        help: ArgumentHelp(
            "Colour distance: yiq (pixelmatch's releases) or oklab (pixelmatch main's HyAB distance in OKLab, which tells apart saturated colours of similar brightness).",
            valueName: "yiq|oklab"
        ))
    var metric = ColorMetric.yiq

    @Flag(
        inversion: .prefixedNo,
        help:
            "Blend semi-transparent pixels onto a checkerboard before comparing (pixelmatch 7); --no-checkerboard blends them onto white, as pixelmatch 5 and 6 did."
    )
    var checkerboard = true

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences too.")
    var includeAntiAliased = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pass with at most this many differing pixels (default 0).", valueName: "n"))
    var maxDiffPixels: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pass with at most this fraction of pixels differing, 0 to 1.", valueName: "r"))
    var maxDiffRatio: Double?

    @Option(
        name: .customLong("mask"),
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Leave out the rectangle at x,y of w by h pixels: its pixels never count and the diff shows them magenta. Repeatable.",
            valueName: "x,y,w,h"
        )
    )
    var masks: [String] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Opacity of the expected image in the diff image's faded background, 0 to 1.", valueName: "a")
    )
    var alpha = PixelmatchOptions().diffAlpha

    @Option(
        name: .customLong("diff-color"),
        parsing: .unconditional,
        help: ArgumentHelp("Diff image colour of differing pixels (default 255,0,0).", valueName: "r,g,b")
    )
    var diffColor: String?

    @Option(
        name: .customLong("diff-color-alt"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Diff image colour of differences where the actual image is darker, to tell what was added from what was removed (default: --diff-color).",
            valueName: "r,g,b"
        )
    )
    var diffColorAlt: String?

    @Option(
        name: .customLong("aa-color"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Diff image colour of anti-aliased pixels not counted (default 255,255,0).", valueName: "r,g,b")
    )
    var aaColor: String?

    @Flag(name: .customLong("diff-mask"), help: "Draw only the differences in the diff image, over transparency.")
    var diffMask = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Most pixels held decoded at once, 4 bytes each: both images and their diff (folder mode: all jobs together). A pair that needs more is refused.",
            valueName: "pixels"
        )
    )
    var pixelBudget = ImageFileComparer.defaultPixelBudget

    @Option(
        help: ArgumentHelp(
            "Folders: per-image rules (JSON: globs with threshold, includeAA, maxDiffPixels, maxDiffRatio, ignore regions); default: EXPECTED_DIR/.shapeturns-compare.json when it exists.",
            valueName: "file.json"
        )
    )
    var rules: String?

    func validate() throws {
        do {
            _ = try makeComparer()
        } catch {
            throw ValidationError(error.commandLineMessage)
        }
    }

    /// The folder comparer these options describe, with the rules of `--rules`, else of the
    /// expected folder's `.shapeturns-compare.json` when it has one.
    func makeFolderComparer(expectedFolder: String, jobs: Int) throws(ShapeTurnsError) -> FolderComparer {
        let comparer = try makeComparer()
        let loaded: CompareRules?
        if let rules {
            loaded = try CompareRules.load(rules, over: comparer)
        } else {
            loaded = try CompareRules.loadDefault(inExpectedFolder: expectedFolder, over: comparer)
        }
        return try FolderComparer(comparer: comparer, jobs: jobs, rules: loaded)
    }

    /// The pair comparer these options describe; fails with the option at fault.
    func makeComparer() throws(ShapeTurnsError) -> ImageFileComparer {
        let defaults = PixelmatchOptions()
        var options = PixelmatchOptions(
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
        options.masks = try masks.map { text throws(ShapeTurnsError) in
            guard let region = MaskRegion(text) else {
                throw .invalidOption(
                    "--mask", reason: "a mask is x,y,w,h (four whole numbers, e.g. 0,0,100,20), not \"\(text)\"")
            }
            return region
        }
        return try ImageFileComparer(
            options: options,
            tolerance: ComparisonTolerance(maxDifferentPixels: maxDiffPixels, maxDifferentRatio: maxDiffRatio),
            pixelBudget: pixelBudget
        )
    }
}
