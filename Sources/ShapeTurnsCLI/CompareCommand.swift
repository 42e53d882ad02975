import ArgumentParser
import Foundation
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns compare`: compares two images (PNG, JPEG, WebP), or two folders of them, with pixelmatch's semantics.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract:
            "Compare two images (PNG, JPEG, WebP), or two folders of them, pixel by pixel as pixelmatch 7.2.0 does.",
        discussion: """
            A pixel differs when its colours are further apart than --threshold (YIQ distance, \
            semi-transparent pixels blended onto a checkerboard) and it is not anti-aliasing. \
            Counts and diff images equal pixelmatch 7.2.0's; --no-checkerboard gives pixelmatch \
            5 and 6's (semi-transparent pixels blended onto white), --metric oklab pixelmatch \
            main's. docs/pixelmatch.md says more. Pixels under a --mask never count.

            Given two folders, images are matched by their path relative to each (*.png, *.jpg, *.jpeg, *.webp, \
            recursively; a folder holding a ShapeTurns report, marked by its .shapeturns-report \
            file, is left out) and each gets a status: passed, changed (pixels beyond the tolerance, the \
            size, or an unreadable image), new (only in ACTUAL_DIR) or missing (only in \
            EXPECTED_DIR). changed and missing fail the run, new too unless --allow-new. Pairs are \
            compared --jobs at a time. --json prints every image's verdict, --junit writes a JUnit \
            XML file for CI test reporters (with --report, each failing case attaches its diff image), \
            --report writes an HTML report to open in a browser. \
            Approve the changes with `shapeturns approve`.

            Exit status: 0 when everything matches within the tolerance, 1 when something differs \
            or fails (different sizes included), 64 for a bad option, 65 for a file that is not a \
            usable image (pair mode), 66 for a missing file or folder, 73 when an output cannot be \
            created (an input, a device, a file ShapeTurns did not write), 74 when writing fails \
            (a full disk, standard output full or closed).

            Examples:
              shapeturns compare expected.png actual.png
              shapeturns compare expected.png actual.png --diff diff.png --threshold 0.05
              shapeturns compare expected.png actual.png --max-diff-ratio 0.001 --json
              shapeturns compare old.png new.png --diff diff.png --diff-color-alt 0,160,0
              shapeturns compare expected.png actual.png --diff mask.png --diff-mask
              shapeturns compare expected.png actual.png --metric oklab --no-checkerboard
              shapeturns compare Snapshots/ out/ --report report --junit report.xml
              shapeturns compare Snapshots/ out/ --allow-new --mask 0,0,200,24 --json
            """
    )

    @Argument(help: ArgumentHelp("The reference image, or folder of reference images.", valueName: "expected"))
    var expected: String

    @Argument(help: ArgumentHelp("The image to check against it, or folder of them.", valueName: "actual"))
    var actual: String

    @OptionGroup var comparison: ComparisonOptions

    @Option(
        help: ArgumentHelp(
            "Write a diff image: differences red, anti-aliasing yellow, masks magenta, the rest faded grey (two images only). Never written over an input, a device or a file ShapeTurns did not write.",
            valueName: "diff.png"))
    var diff: String?

    @Flag(help: "Print the result as JSON: the counts and verdict of a pair, or a folder's summary and every image.")
    var json = false

    @Option(help: ArgumentHelp("Folders: write a JUnit XML file, one test case per image.", valueName: "file.xml"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Folders: write an HTML report (index.html and the images of every failing path) to this folder.",
            valueName: "dir"))
    var report: String?

    @Flag(help: "Folders: images only in the actual folder do not fail the run.")
    var allowNew = false

    @Option(
        name: .shortAndLong, parsing: .unconditional,
        help: ArgumentHelp("Folders: pairs compared at once, 1 to 256 (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "Folders: draw no progress bar.")
    var quiet = false

    func validate() throws {
        if let diff {
            do {
                _ = try OutputPolicy(.diffPath).destination(diff)
            } catch {
                throw ValidationError(error.commandLineMessage)
            }
        }
        if let jobs, !FolderComparer.jobsRange.contains(jobs) {
            throw ValidationError(
                "--jobs: must be \(FolderComparer.jobsRange.lowerBound) to \(FolderComparer.jobsRange.upperBound) (got \(jobs))"
            )
        }
        if Self.isFolder(expected) && Self.isFolder(actual) {
            if diff != nil {
                throw ValidationError("--diff is for two images; with folders, --report DIR holds every diff image")
            }
        } else {
            for (name, given) in [
                ("--junit", junit != nil), ("--report", report != nil), ("--allow-new", allowNew),
                ("--rules", comparison.rules != nil),
            ] where given {
                throw ValidationError("\(name) is for comparing folders; \(expected) and \(actual) are not folders")
            }
        }
    }

    func run() throws {
        switch (Self.isFolder(expected), Self.isFolder(actual)) {
        case (true, true):
            try compareFolders()
            return
        case (true, false) where FileManager.default.fileExists(atPath: actual):
            throw ShapeTurnsError.missingInput(
                expected, reason: "Is a directory, and \(actual) is not; give two images or two folders")
        case (false, true) where FileManager.default.fileExists(atPath: expected):
            throw ShapeTurnsError.missingInput(
                actual, reason: "Is a directory, and \(expected) is not; give two images or two folders")
        case (true, false):
            throw ShapeTurnsError.missingInput(actual, reason: "No such file or directory")
        case (false, true):
            throw ShapeTurnsError.missingInput(expected, reason: "No such file or directory")
        default:
            break
        }
        let report = try comparison.makeComparer().compare(expectedPath: expected, actualPath: actual, diffPath: diff)
        if json {
            try StandardStreams.output(String(decoding: try AnswerKeyEncoding.document(report), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(report.summary)
        }
        if !report.match {
            throw ExitCode(1)
        }
    }

    private func compareFolders() throws {
        let comparer = try comparison.makeFolderComparer(
            expectedFolder: expected, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        try DistinctOutputs([
            junit.map { .init(.junitFile, path: $0) }, report.map { .init(.reportFolder, path: $0, isFolder: true) },
        ]).check()
        let junitFile = try junit.map { path throws(ShapeTurnsError) in
            try JUnitReport.reserve(path, inputs: [expected, actual])
        }
        let reportFolder: ReportFolder?
        do {
            reportFolder = try report.map { path throws(ShapeTurnsError) in try ReportFolder(path: path) }
        } catch {
            junitFile?.discard()
            throw error
        }
        let bar = quiet ? nil : ProgressBar(label: "compare", unit: "images")
        let started = Date()
        var progress: (@Sendable (Int, Int) -> Void)?
        if let bar {
            progress = { done, total in bar.update(done: done, total: total) }
        }
        let result: FolderComparisonReport
        do {
            result = try comparer.compare(
                expectedFolder: expected, actualFolder: actual, images: reportFolder?.images,
                progress: progress
            )
            if let reportFolder {
                try reportFolder.finish(
                    HTMLReport(
                        report: result, allowNew: allowNew, expectedFolder: expected, actualFolder: actual,
                        comparer: comparer.comparer, created: started, rules: comparer.rules)
                )
            }
        } catch {
            reportFolder?.discard()
            junitFile?.discard()
            throw error
        }
        if let junitFile {
            let suite = URL(fileURLWithPath: actual).standardizedFileURL.lastPathComponent
            var attachments: [String: String] = [:]
            if let reportFolder, let report {
                for image in result.failures(allowingNew: allowNew) {
                    attachments[image.path] = reportFolder.attachment(for: image.path, shownAs: report)
                }
            }
            try JUnitReport(
                report: result, allowNew: allowNew, suiteName: suite, timestamp: started, attachments: attachments,
                properties: JUnitReport.properties(of: comparer.comparer, allowNew: allowNew, rules: comparer.rules)
            ).write(into: junitFile)
        }
        if json {
            try StandardStreams.output(String(decoding: try AnswerKeyEncoding.document(result), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(
                result.summaryLine + (allowNew && result.summary.new > 0 ? " (new allowed)" : ""))
            for image in result.failures(allowingNew: allowNew) {
                try StandardStreams.outputLine("\(image.status.rawValue): \(image.path): \(image.reason)")
            }
            if let reportFolder {
                try StandardStreams.outputLine("report: \(reportFolder.indexPath)")
            }
        }
        if result.fails(allowingNew: allowNew) {
            throw ExitCode(1)
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}

extension ColorMetric: ExpressibleByArgument {}
