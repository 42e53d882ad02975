import ArgumentParser
import Foundation
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns approve`: makes the actual images of a snapshot run the new expected ones.
struct ApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Copy actual images over the expected ones: approve the changes `compare` found.",
        discussion: """
            Copies the actual image of each PATH (relative to both folders; a folder stands for \
            the images under it) over the expected one, or of every changed and new image when \
            no PATH is given, as `shapeturns compare EXPECTED_DIR ACTUAL_DIR` with the same \
            options finds them. Each copy is atomic: a killed approve leaves every expected image \
            old or new, never half-written. --prune also deletes the expected images that are \
            missing from ACTUAL_DIR. Prints one line per image approved.

            Nothing is written when a PATH is absolute, leaves the folders, or names no image \
            (64), or when an image to approve is not a usable image (65).

            Examples:
              shapeturns approve Snapshots/ out/
              shapeturns approve Snapshots/ out/ icons/star.png "dark mode/"
              shapeturns approve Snapshots/ out/ --prune --threshold 0.05
            """
    )

    @Argument(help: ArgumentHelp("The folder of approved (expected) images; it is updated.", valueName: "expected-dir"))
    var expected: String

    @Argument(help: ArgumentHelp("The folder of actual images.", valueName: "actual-dir"))
    var actual: String

    @Argument(
        help: ArgumentHelp(
            "Images (or folders of them) to approve, relative to both folders; default: every changed and new one.",
            valueName: "path"))
    var paths: [String] = []

    @OptionGroup var comparison: ComparisonOptions

    @Flag(help: "Also delete expected images that are missing from the actual folder.")
    var prune = false

    @Option(
        name: .shortAndLong, parsing: .unconditional,
        help: ArgumentHelp("Pairs compared at once, 1 to 256 (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let jobs, !FolderComparer.jobsRange.contains(jobs) {
            throw ValidationError(
                "--jobs: must be \(FolderComparer.jobsRange.lowerBound) to \(FolderComparer.jobsRange.upperBound) (got \(jobs))"
            )
        }
    }

    func run() throws {
        let comparer = try comparison.makeFolderComparer(
            expectedFolder: expected, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let approvals = try SnapshotApprover(expectedFolder: expected, actualFolder: actual, comparer: comparer)
            .approve(paths: paths, prune: prune)
        for approval in approvals {
            try StandardStreams.outputLine("\(approval.action.rawValue): \(approval.path)")
        }
        let count = { (action: SnapshotApprover.Approval.Action) in approvals.filter { $0.action == action }.count }
        try StandardStreams.outputLine(
            "approved \(count(.updated)) changed and \(count(.added)) new images, removed \(count(.removed)) missing")
    }
}
