import Foundation
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The command line's two streams, written with `write(2)` rather than `print` or
/// `FileHandle.standardError`: Foundation's `FileHandle.write` traps (SIGILL) when the write
/// fails, and `print` drops a failure silently. So a diagnostic that cannot be written is lost
/// without ending the run, and main output that cannot be written is an error of its own (74).
package enum StandardStreams {
    /// Whether standard output was closed when the command started (`>&-`).
    nonisolated(unsafe) private static var outputWasClosed = false

    /// Puts `/dev/null` on any of descriptors 0, 1 and 2 that is closed, before anything is
    /// opened: otherwise the next file a command opens (a diff, a report) would get that
    /// number, and a diagnostic or a line of output would be written into it. A closed standard
    /// output is remembered, so main output fails (74) rather than vanish.
    package static func openClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            if descriptor == STDOUT_FILENO { outputWasClosed = true }
        }
    }

    /// Writes `text` to standard error; a failure (stderr full or closed) is ignored, since there
    /// is nowhere left to say it.
    package static func diagnose(_ text: String) {
        _ = FileDescriptorWriter.writeAll(Array(EscapedBytes.shown(text).utf8), to: STDERR_FILENO)
    }

    /// Writes `text` to standard output whole; fails with `ioFailure` (74) naming the system's
    /// reason when the output is full, closed or otherwise unwritable.
    package static func output(_ text: String) throws(ShapeTurnsError) {
        guard !outputWasClosed else {
            throw .ioFailure(path: "standard output", reason: "it is closed")
        }
        if let failure = FileDescriptorWriter.writeAll(Array(text.utf8), to: STDOUT_FILENO) {
            throw .ioFailure(path: "standard output", reason: String(cString: strerror(failure)))
        }
    }

    /// `output` with a line break after `line`.
    package static func outputLine(_ line: String) throws(ShapeTurnsError) {
        try output(line + "\n")
    }
}
