import ArgumentParser
import CMemoryTuning
import Foundation
import ShapeRendering
import ShapeTurnsCore

/// What every ShapeTurns executable does around its command: `shapeturns`, `shapeturns-scan`
/// and `shapeturns-play` parse, run, and turn every failure into one line on stderr with a
/// sysexits(3) status; an `ExitCode` a command throws as its verdict exits with that status and
/// no line.
package enum CommandLineMain {
    /// What `--version` prints, in every executable: ShapeTurns' version, the commit of a
    /// packaged build, and Cairo's version.
    package static let version =
        "\(ShapeTurnsVersion.current) (\(BuildIdentity.commit.map { "commit \($0), " } ?? "")Cairo \(CairoVersion.string))"

    /// Parses `arguments` (the process's own when nil, as passed: `ProcessArguments`) as `root`,
    /// runs the command and exits.
    package static func run(_ root: any ParsableCommand.Type, arguments: [String]? = nil) -> Never {
        keepLargeAllocationsOnTheHeap()
        StandardStreams.openClosedDescriptors()
        // A reader that closes the pipe (`generate --out - | head -c 100`) makes the next write
        // fail with EPIPE, which is said and exits 74, instead of killing the run without a word.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try root.parseAsRoot(arguments ?? ProcessArguments.checked())
            // `--help` parses as the argument parser's own help command, which touches no file.
            if !String(reflecting: type(of: command)).hasPrefix("ArgumentParser.") {
                try ProcessArguments.refuseBytes(outside: command)
                try ProcessArguments.refuseCurrentFolderInBytes()
            }
            try command.run()
            Foundation.exit(0)
        } catch let error as ShapeTurnsError {
            fail(error.commandLineMessage, status: error.exitCode)
        } catch let status as ExitCode {
            // A verdict, not a failure (compare's 1 for images that differ): the output said it all.
            Foundation.exit(status.rawValue)
        } catch {
            let status = root.exitCode(for: error)
            if status == .success {
                // Help and version: ArgumentParser would `print` them and drop a failed write.
                let text = root.fullMessage(for: error)
                do {
                    if !text.isEmpty { try StandardStreams.outputLine(text) }
                } catch {
                    fail(error.commandLineMessage, status: error.exitCode)
                }
                Foundation.exit(status.rawValue)
            }
            let message = root.message(for: error)
                .split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
            fail(message, status: status.rawValue)
        }
    }

    /// Says `message` as `shapeturns: message` on stderr and exits with `status`.
    package static func fail(_ message: String, status: Int32) -> Never {
        StandardStreams.diagnose("shapeturns: \(message)\n")
        Foundation.exit(status)
    }

    /// Every image is a megabyte-sized buffer made and freed in a moment, on several threads at
    /// once. Left to glibc's defaults each one is a fresh mmap, zero-filled page by page and
    /// unmapped again, and the threads queue on the kernel's memory map lock: measured here, that
    /// was over half of `generate`'s time and kept two jobs from being faster than one. Serving
    /// such buffers from the heap (and not trimming it after each) removes that cost.
    private static func keepLargeAllocationsOnTheHeap() {
        _ = shapeturns_keep_large_allocations_on_heap()
    }
}
