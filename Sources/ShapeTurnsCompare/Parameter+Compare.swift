import PixelDiff
import ShapeTurnsCore

/// The parameters file and folder comparison's and `approve`'s messages name.
extension Parameter {
    package static let threshold = Parameter("threshold", flag: "--threshold")
    package static let diffAlpha = Parameter("diffAlpha", flag: "--alpha")
    package static let maxDifferentPixels = Parameter("maxDifferentPixels", flag: "--max-diff-pixels")
    package static let maxDifferentRatio = Parameter("maxDifferentRatio", flag: "--max-diff-ratio")
    package static let masks = Parameter("masks", flag: "--mask")
    package static let pixelBudget = Parameter("pixelBudget", flag: "--pixel-budget")
    package static let folderJobs = Parameter("jobs", flag: "--jobs")
    package static let prune = Parameter("prune", flag: "--prune")
    package static let diffPath = Parameter("diffPath", flag: "--diff", style: .path)
    package static let junitFile = Parameter("junitPath", flag: "--junit", style: .path)
    package static let approvedPath = Parameter("path", flag: "PATH", style: .path)

    /// Every parameter above, for the tests that check each is spelled as a command takes it.
    package static let compareParameters: [Parameter] = [
        .threshold, .diffAlpha, .maxDifferentPixels, .maxDifferentRatio, .masks, .pixelBudget, .folderJobs, .prune,
        .diffPath,
        .junitFile, .approvedPath,
    ]
}
