import ArgumentParser
import ShapeRendering
import ShapeTurns

/// The options that decide whether two images match, shared by `compare` (both modes) and
/// `approve` (which approves what `compare` with the same options calls changed).
struct ComparisonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Colour distance still counted as the same, 0 to 1 (0 is strictest).", valueName: "t"))
    var threshold = PixelmatchOptions().threshold

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences too.")
    var includeAntiAliased = false

    @Option(help: ArgumentHelp("Pass with at most this many differing pixels (default 0).", valueName: "n"))
    var maxDiffPixels: Int?

    @Option(help: ArgumentHelp("Pass with at most this fraction of pixels differing, 0 to 1.", valueName: "r"))
    var maxDiffRatio: Double?

    @Option(
        name: .customLong("mask"),
        help: ArgumentHelp(
            "Leave out the rectangle at x,y of w by h pixels: its pixels never count and the diff shows them magenta. Repeatable.",
            valueName: "x,y,w,h"
        )
    )
    var masks: [String] = []

    func validate() throws {
        do {
            _ = try makeComparer()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The pair comparer these options describe; fails with the option at fault.
    func makeComparer() throws(ShapeTurnsError) -> ImageFileComparer {
        var options = PixelmatchOptions(threshold: threshold, includeAntiAliased: includeAntiAliased)
        options.masks = try masks.map { text throws(ShapeTurnsError) in
            guard let region = MaskRegion(text) else {
                throw .invalidOption("--mask", reason: "a mask is x,y,w,h (four whole numbers, e.g. 0,0,100,20), not \"\(text)\"")
            }
            return region
        }
        return try ImageFileComparer(
            options: options,
            tolerance: ComparisonTolerance(maxDifferentPixels: maxDiffPixels, maxDifferentRatio: maxDiffRatio)
        )
    }
}
